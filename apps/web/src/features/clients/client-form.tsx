import {
  CLIENT_REQUIRED_MESSAGE,
  type Client,
  type ClientInput,
  clientInputSchema,
  DEFAULT_COUNTRY,
  formatSiretInput,
} from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';

type ClientOutput = z.output<typeof clientInputSchema>;

export const EMPTY_CLIENT_FORM: ClientInput = {
  nom: '',
  email: '',
  telephone: '',
  siret: '',
  adresse: { rue: '', codePostal: '', ville: '', pays: DEFAULT_COUNTRY },
};

/** An existing client as the form shows it: the SIRET/SIREN in digit groups, like when it was typed. */
export function clientFormValues(client: Client): ClientInput {
  return {
    nom: client.nom,
    email: client.email,
    telephone: client.telephone,
    siret: client.siret ? formatSiretInput(client.siret) : '',
    adresse: { ...client.adresse },
  };
}

interface ClientFormProps {
  defaultValues: ClientInput;
  /** Receives the values as the API expects them: trimmed, SIRET without spaces or null. */
  onSubmit: (values: ClientOutput) => void;
  submitLabel: string;
  pending: boolean;
  /** Blocks a second submit once the outcome is known (success or a redirect on its way). */
  locked?: boolean;
  /** The server's answer, shown above the fields. */
  status?: ReactNode;
  /** Extra buttons next to submit (e.g. Annuler in the modal). */
  secondaryAction?: ReactNode;
}

/** The fields of SPEC §3 Client, shared by the add modal and the edit screen. */
export function ClientForm({
  defaultValues,
  onSubmit,
  submitLabel,
  pending,
  locked = false,
  status,
  secondaryAction,
}: ClientFormProps) {
  const form = useForm<ClientInput, unknown, ClientOutput>({
    // The shared schema says "Veuillez remplir les champs obligatoires" for a missing name or e-mail (SPEC §5).
    resolver: zodResolver(clientInputSchema),
    defaultValues,
  });
  const { errors } = form.formState;
  // Both required fields share one sentence: said once above the form, the fields are only marked.
  const missingName = errors.nom?.message === CLIENT_REQUIRED_MESSAGE;
  const missingEmail = errors.email?.message === CLIENT_REQUIRED_MESSAGE;
  const ownMessage = (message: string | undefined) =>
    message === CLIENT_REQUIRED_MESSAGE ? undefined : message;

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {(missingName || missingEmail) && <Alert variant="error">{CLIENT_REQUIRED_MESSAGE}</Alert>}
      {status}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nom" required invalid={missingName} error={ownMessage(errors.nom?.message)}>
          {(control) => <Input {...control} autoComplete="off" required {...form.register('nom')} />}
        </Field>
        <Field
          label="Adresse email"
          required
          invalid={missingEmail}
          error={ownMessage(errors.email?.message)}
        >
          {(control) => (
            <Input {...control} type="email" autoComplete="off" required {...form.register('email')} />
          )}
        </Field>
        <Field label="Téléphone" error={errors.telephone?.message}>
          {(control) => <Input {...control} type="tel" autoComplete="off" {...form.register('telephone')} />}
        </Field>
        <SiretField
          control={form.control}
          name="siret"
          label="SIRET ou SIREN"
          hint="Pour une entreprise : 14 chiffres (SIRET) ou 9 (SIREN)"
          error={errors.siret?.message}
        />
      </div>
      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-slate-900">Adresse</legend>
        <Field label="Rue" error={errors.adresse?.rue?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('adresse.rue')} />}
        </Field>
        <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
          <Field label="Code postal" error={errors.adresse?.codePostal?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('adresse.codePostal')} />}
          </Field>
          <Field label="Ville" error={errors.adresse?.ville?.message}>
            {(control) => <Input {...control} autoComplete="off" {...form.register('adresse.ville')} />}
          </Field>
        </div>
        <Field label="Pays" error={errors.adresse?.pays?.message}>
          {(control) => <Input {...control} autoComplete="off" {...form.register('adresse.pays')} />}
        </Field>
      </fieldset>
      <p className="text-xs text-slate-600">
        <span aria-hidden="true">* </span>Champs obligatoires
      </p>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {secondaryAction}
        <Button type="submit" loading={pending} disabled={locked}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
