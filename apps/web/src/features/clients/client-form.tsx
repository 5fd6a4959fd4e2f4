import {
  CLIENT_REQUIRED_MESSAGE,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  type Company,
  countryOptions,
} from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import {
  businessIdentifiers,
  type ClientFormFields,
  type ClientFormOutput,
  clientFormSchema,
  clientVatNumberProblem,
  withAskedIdentifiers,
} from './client-form-values';
import { companyFormValues } from './company-fill';
import { CompanySearchField } from './company-search-field';

export { clientFormValues, EMPTY_CLIENT_FORM } from './client-form-values';

/** Every country by its French name, France first (the API takes the code). */
const COUNTRIES = countryOptions();

const sharedRules = zodResolver(clientFormSchema);
/**
 * The shared rules on what will be sent (identifiers the type and country do not ask for are left out),
 * plus the VAT number's country and SIREN.
 */
const clientResolver: Resolver<ClientFormFields, unknown, ClientFormOutput> = async (
  values,
  context,
  options,
) => {
  const asked = withAskedIdentifiers(values);
  const result = await sharedRules(asked, context, options);
  const problem = result.errors.tvaIntracommunautaire ? null : clientVatNumberProblem(asked);
  if (!problem) return result;
  return {
    values: {},
    errors: { ...result.errors, tvaIntracommunautaire: { type: 'validate', message: problem } },
  };
};

interface ClientFormProps {
  defaultValues: ClientFormFields;
  /** Receives the values as the API expects them: trimmed, country code, identifiers or null. */
  onSubmit: (values: ClientFormOutput) => void;
  submitLabel: string;
  pending: boolean;
  /** Blocks a second submit once the outcome is known (success or a redirect on its way). */
  locked?: boolean;
  /** The server's answer, shown above the fields. */
  status?: ReactNode;
  /** Extra buttons next to submit (e.g. Annuler in the modal). */
  secondaryAction?: ReactNode;
  /** Issue 19: offers the company search above the fields (client creation). */
  companySearch?: boolean;
}

/** The fields of SPEC §3 Client and issue 12 (type, country, identifiers), for the add modal and the edit screen. */
export function ClientForm({
  defaultValues,
  onSubmit,
  submitLabel,
  pending,
  locked = false,
  status,
  secondaryAction,
  companySearch = false,
}: ClientFormProps) {
  const form = useForm<ClientFormFields, unknown, ClientFormOutput>({
    // The shared schema says "Veuillez remplir les champs obligatoires" for a missing name or e-mail (SPEC §5).
    resolver: clientResolver,
    defaultValues,
  });
  const { errors } = form.formState;
  // Both required fields share one sentence: said once above the form, the fields are only marked.
  const missingName = errors.nom?.message === CLIENT_REQUIRED_MESSAGE;
  const missingEmail = errors.email?.message === CLIENT_REQUIRED_MESSAGE;
  const ownMessage = (message: string | undefined) =>
    message === CLIENT_REQUIRED_MESSAGE ? undefined : message;
  const asked = businessIdentifiers({
    type: form.watch('type'),
    adresse: { pays: form.watch('adresse.pays') },
  });
  const business = form.watch('type') === 'entreprise';

  function fillFromCompany(company: Company) {
    const values = companyFormValues(form.getValues(), company);
    const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted };
    form.setValue('type', values.type, options);
    form.setValue('nom', values.nom, options);
    form.setValue('siret', values.siret, options);
    form.setValue('tvaIntracommunautaire', values.tvaIntracommunautaire, options);
    form.setValue('adresse', values.adresse, options);
  }

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="space-y-4">
      {(missingName || missingEmail) && <Alert variant="error">{CLIENT_REQUIRED_MESSAGE}</Alert>}
      {status}
      {companySearch && <CompanySearchField onPick={fillFromCompany} />}
      <fieldset className="space-y-2">
        <legend className="flex gap-1 text-sm font-medium text-slate-800">
          Type de client
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
        </legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {CLIENT_TYPES.map((type) => (
            <Choice
              key={type}
              type="radio"
              value={type}
              label={CLIENT_TYPE_LABELS[type]}
              required
              {...form.register('type')}
            />
          ))}
        </div>
        {errors.type?.message && <p className="text-sm text-red-700">{errors.type.message}</p>}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Nom"
          required
          invalid={missingName}
          error={ownMessage(errors.nom?.message)}
          hint={business ? 'Raison sociale' : undefined}
        >
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
          {(control) => (
            <Select {...control} {...form.register('adresse.pays')}>
              {COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.nom}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </fieldset>
      {(asked.siret || asked.tvaIntracommunautaire) && (
        <fieldset className="space-y-4">
          <legend className="text-sm font-semibold text-slate-900">Identifiants de l’entreprise</legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {asked.siret && (
              <SiretField
                control={form.control}
                name="siret"
                label="SIRET ou SIREN"
                hint="14 chiffres (SIRET) ou 9 (SIREN), imprimés sur vos factures"
                error={errors.siret?.message}
              />
            )}
            {asked.tvaIntracommunautaire && (
              <Field
                label="N° de TVA intracommunautaire"
                error={errors.tvaIntracommunautaire?.message}
                hint="Pour l’autoliquidation de la TVA, ex. BE0123456789"
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    spellCheck={false}
                    {...form.register('tvaIntracommunautaire')}
                  />
                )}
              </Field>
            )}
          </div>
        </fieldset>
      )}
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
