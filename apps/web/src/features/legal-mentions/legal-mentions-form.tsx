import {
  DEBIT_OPTION_MENTION,
  FRANCHISE_TVA_MENTION,
  formatSiretInput,
  type LegalMentions,
  legalMentionsInputSchema,
  type User,
} from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { Select } from '../../components/ui/select';
import { Textarea } from '../../components/ui/textarea';
import { useSession } from '../../lib/session';
import { legalMentionsQueryOptions, useSaveLegalMentionsMutation } from './api';
import { describeLegalMentionsSaveError, LEGAL_MENTIONS_LOAD_ERROR } from './error-messages';
import { NatureOperationOptions } from './nature-operation-options';

/**
 * Every text of the mentions, all sent. The SIRET and the VAT number are the profile's ("Mon entreprise"
 * edits them with the rules that tie them together): shown here, never sent from here, so a stale copy
 * cannot overwrite them.
 */
const mentionsFormSchema = legalMentionsInputSchema
  .omit({ siret: true, tvaIntracommunautaire: true })
  .required();
type MentionsFields = z.input<typeof mentionsFormSchema>;
type MentionsOutput = z.output<typeof mentionsFormSchema>;

function formValues(mentions: LegalMentions): MentionsFields {
  const {
    siret: _siret,
    personnalisees: _personnalisees,
    tvaIntracommunautaire: _tvaIntracommunautaire,
    ...texts
  } = mentions;
  return texts;
}

/** What the issuer's VAT regime prints, said in the words of the invoice. */
function VatRegimeNote({ user }: { user: User }) {
  if (user.regimeTva === 'franchise') {
    return (
      <p>
        La mention « {FRANCHISE_TVA_MENTION} » est imprimée automatiquement sur vos factures (franchise en
        base de TVA).
      </p>
    );
  }
  return (
    <p>
      Vous êtes assujetti à la TVA : vos factures la détaillent par taux
      {user.optionDebits ? <> et portent la mention « {DEBIT_OPTION_MENTION} »</> : null}.
    </p>
  );
}

interface LegalMentionsFormProps {
  /** After a successful save (the popup closes itself). */
  onSaved?: () => void;
  /** Next to Enregistrer (the popup's Annuler). */
  secondaryAction?: ReactNode;
  /** Where the SIRET and VAT number can be changed, when that place is not on screen (the popup). */
  siretHint?: ReactNode;
}

/** "Mentions légales de vos factures": used by /mentions-legales and by the settings popup. */
export function LegalMentionsForm(props: LegalMentionsFormProps) {
  const mentions = useQuery(legalMentionsQueryOptions());
  if (mentions.isPending) {
    return <LoadingStatus>Chargement des mentions légales...</LoadingStatus>;
  }
  if (mentions.isError) {
    return <LoadError message={LEGAL_MENTIONS_LOAD_ERROR} query={mentions} />;
  }
  // The form is filled once, from what was loaded; a later refetch does not overwrite what is being typed.
  return <LoadedLegalMentionsForm mentions={mentions.data} {...props} />;
}

function LoadedLegalMentionsForm({
  mentions,
  onSaved,
  secondaryAction,
  siretHint,
}: LegalMentionsFormProps & { mentions: LegalMentions }) {
  const save = useSaveLegalMentionsMutation();
  const { user } = useSession();
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);
  const form = useForm<MentionsFields, unknown, MentionsOutput>({
    resolver: zodResolver(mentionsFormSchema),
    defaultValues: formValues(mentions),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    save.mutate(values, {
      onSuccess: (saved) => {
        toast.success('Mentions légales enregistrées');
        form.reset(formValues(saved));
        onSaved?.();
      },
      onError: (error) => setFailure(describeLegalMentionsSaveError(error)),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {failure && (
        <Alert variant="error">
          <p>{failure.message}</p>
          {failure.detail && <p>{failure.detail}</p>}
        </Alert>
      )}
      {!mentions.personnalisees && (
        <Alert variant="info">
          Ce sont les mentions proposées par défaut. Relisez-les et enregistrez-les pour les adopter.
        </Alert>
      )}
      <Field label="Conditions de paiement" error={errors.conditionsPaiement?.message}>
        {(control) => <Textarea {...control} rows={2} {...form.register('conditionsPaiement')} />}
      </Field>
      <Field label="Escompte pour paiement anticipé" error={errors.escompte?.message}>
        {(control) => <Textarea {...control} rows={2} {...form.register('escompte')} />}
      </Field>
      <Field
        label="Pénalités de retard"
        error={errors.penalitesRetard?.message}
        hint="Obligatoire sur les factures adressées à des professionnels."
      >
        {(control) => <Textarea {...control} rows={2} {...form.register('penalitesRetard')} />}
      </Field>
      <Field
        label="Indemnité forfaitaire de recouvrement"
        error={errors.indemniteForfaitaire?.message}
        hint="Montant légal : 40 €, dû par un client professionnel qui paie en retard."
      >
        {(control) => <Textarea {...control} rows={2} {...form.register('indemniteForfaitaire')} />}
      </Field>
      <Field label="Nature de l'opération" error={errors.natureOperation?.message}>
        {(control) => (
          <Select {...control} className="sm:max-w-xs" {...form.register('natureOperation')}>
            <NatureOperationOptions />
          </Select>
        )}
      </Field>
      <Field
        label="Mention libre"
        error={errors.mentionLibre?.message}
        hint="Facultatif : un texte de votre choix imprimé en bas de vos factures."
      >
        {(control) => <Textarea {...control} rows={3} {...form.register('mentionLibre')} />}
      </Field>
      <div className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {user && <VatRegimeNote user={user} />}
        <p>
          SIRET imprimé :{' '}
          <span className="font-medium text-slate-900 tabular-nums">
            {mentions.siret ? formatSiretInput(mentions.siret) : 'non renseigné'}
          </span>
          {' · '}N° de TVA intracommunautaire :{' '}
          <span className="font-medium text-slate-900">{user?.tvaIntracommunautaire || 'non renseigné'}</span>
          {siretHint && <> · {siretHint}</>}
        </p>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" loading={save.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
