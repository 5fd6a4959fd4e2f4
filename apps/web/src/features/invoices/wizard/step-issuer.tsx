import { formatSiretInput } from '@facturo/shared';
import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSession } from '../../../lib/session';
import { DOCUMENT_WORDS, type WizardDocument } from './document-kind';
import type { InvoiceDraft } from './draft';

/** Step 1 (SPEC §2): who issues the invoice. Leaving the step saves these fields to the profile. */
export function StepIssuer({
  form,
  kind = 'facture',
}: {
  form: UseFormReturn<InvoiceDraft>;
  kind?: WizardDocument;
}) {
  const { user } = useSession();
  const errors = form.formState.errors.emetteur;
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        Ces informations figurent sur {DOCUMENT_WORDS[kind].the} et sont enregistrées dans votre profil. Votre
        adresse complète est obligatoire sur une facture.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Prénom" required error={errors?.prenom?.message}>
          {(control) => (
            <Input {...control} autoComplete="given-name" required {...form.register('emetteur.prenom')} />
          )}
        </Field>
        <Field label="Nom" required error={errors?.nom?.message}>
          {(control) => (
            <Input {...control} autoComplete="family-name" required {...form.register('emetteur.nom')} />
          )}
        </Field>
      </div>
      <Field label="Adresse" required error={errors?.adresse?.message}>
        {(control) => (
          <Input {...control} autoComplete="street-address" required {...form.register('emetteur.adresse')} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field label="Code postal" required error={errors?.codePostal?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="postal-code"
              required
              {...form.register('emetteur.codePostal')}
            />
          )}
        </Field>
        <Field label="Ville" required error={errors?.ville?.message}>
          {(control) => (
            <Input {...control} autoComplete="address-level2" required {...form.register('emetteur.ville')} />
          )}
        </Field>
      </div>
      {user && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {user.email}
          {user.siret && (
            <>
              {' · '}SIRET <span className="tabular-nums">{formatSiretInput(user.siret)}</span>
            </>
          )}
        </p>
      )}
    </div>
  );
}
