import type { UseFormReturn } from 'react-hook-form';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Textarea } from '../../../components/ui/textarea';
import { NatureOperationOptions } from '../../legal-mentions/nature-operation-options';
import { DOCUMENT_WORDS, type WizardDocument } from './document-kind';
import type { InvoiceDraft } from './draft';

/**
 * The legal mentions of this invoice only (sent as mentionsLegales): prefilled with the user's own,
 * changing them here leaves the defaults of the settings popup alone.
 */
export function MentionsFields({
  form,
  vatMention,
  kind = 'facture',
}: {
  form: UseFormReturn<InvoiceDraft>;
  /** The VAT sentence of this sale (franchise, reverse charge, exemption); '' when VAT is charged. */
  vatMention: string;
  kind?: WizardDocument;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Mentions légales</legend>
      <p className="text-sm text-slate-600">
        Ces mentions ne s'appliquent qu'à {DOCUMENT_WORDS[kind].this}. Vos mentions par défaut se modifient
        avec le bouton « Mentions légales » de la liste des factures. Les conditions de paiement suivent le
        délai choisi, sauf si vous les avez rédigées vous-même.
      </p>
      <Field label="Conditions de paiement">
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            maxLength={1000}
            {...form.register('mentions.conditionsPaiement')}
          />
        )}
      </Field>
      <Field label="Escompte pour paiement anticipé" hint="Imprimé pour les clients professionnels.">
        {(control) => (
          <Textarea {...control} rows={2} maxLength={500} {...form.register('mentions.escompte')} />
        )}
      </Field>
      <Field label="Pénalités de retard" hint="Imprimé pour les clients professionnels.">
        {(control) => (
          <Textarea {...control} rows={2} maxLength={1000} {...form.register('mentions.penalitesRetard')} />
        )}
      </Field>
      <Field label="Indemnité forfaitaire de recouvrement" hint="Imprimé pour les clients professionnels.">
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            maxLength={1000}
            {...form.register('mentions.indemniteForfaitaire')}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="N° de TVA intracommunautaire" hint="Facultatif">
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              maxLength={20}
              {...form.register('mentions.tvaIntracommunautaire')}
            />
          )}
        </Field>
        <Field label="Nature de l'opération">
          {(control) => (
            <Select {...control} {...form.register('mentions.natureOperation')}>
              <NatureOperationOptions />
            </Select>
          )}
        </Field>
      </div>
      <Field label="Mention libre" hint={`Facultatif : imprimée en bas ${DOCUMENT_WORDS[kind].of}.`}>
        {(control) => (
          <Textarea {...control} rows={2} maxLength={2000} {...form.register('mentions.mentionLibre')} />
        )}
      </Field>
      {vatMention && (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          Mention imprimée automatiquement : « {vatMention} ».
        </p>
      )}
    </fieldset>
  );
}
