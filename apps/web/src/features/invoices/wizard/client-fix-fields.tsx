import { CLIENT_ADDRESS_MESSAGE, CLIENT_SIREN_MESSAGE, isCompleteAddress } from '@facturo/shared';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { clientNeedsSiren } from './client-address';
import type { DraftClient, InvoiceDraft } from './draft';

/**
 * Asked in step 2 when the chosen client lacks what an invoice must print (issue 12): its street, postal
 * code and city, and a French business's SIREN. Saved to the client's record on Suivant.
 */
export function ClientFixFields({
  form,
  client,
}: {
  form: UseFormReturn<InvoiceDraft>;
  client: DraftClient;
}) {
  const needsAddress = !isCompleteAddress(client.adresse);
  const needsSiren = clientNeedsSiren(client);
  return (
    <fieldset className="space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">Compléter la fiche du client</legend>
      {needsAddress && <p className="text-sm text-slate-800">{CLIENT_ADDRESS_MESSAGE}</p>}
      {needsSiren && <p className="text-sm text-slate-800">{CLIENT_SIREN_MESSAGE}</p>}
      {needsAddress && (
        <>
          <Field label="Rue du client" required>
            {(control) => (
              <Input {...control} required autoComplete="off" {...form.register('clientFix.rue')} />
            )}
          </Field>
          <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <Field label="Code postal du client" required>
              {(control) => (
                <Input {...control} required autoComplete="off" {...form.register('clientFix.codePostal')} />
              )}
            </Field>
            <Field label="Ville du client" required>
              {(control) => (
                <Input {...control} required autoComplete="off" {...form.register('clientFix.ville')} />
              )}
            </Field>
          </div>
        </>
      )}
      {needsSiren && (
        <Field label="SIREN ou SIRET du client" required>
          {(control) => (
            <Input
              {...control}
              required
              inputMode="numeric"
              autoComplete="off"
              {...form.register('clientFix.siren')}
            />
          )}
        </Field>
      )}
      <p className="text-xs text-slate-700">
        Enregistré dans la fiche du client en passant à l’étape suivante.
      </p>
    </fieldset>
  );
}
