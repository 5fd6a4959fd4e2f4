import { lacksRegistration, REGISTRATION_EXEMPT_TEXT, type User } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from '../legal-mentions/api';
import { describeProfileSaveError } from '../legal-mentions/error-messages';
import {
  type CompanyFields,
  type CompanyOutput,
  companyFormSchema,
  companyRequest,
  companyValues,
  vatNumberProblem,
} from './company-values';
import { RegistrationWarning } from './registration-warning';
import { VatRegimeFields } from './vat-regime-fields';

const SERVER_FIELDS = ['siret', 'codePostal', 'tvaIntracommunautaire'] as const;

const sharedRules = zodResolver(companyFormSchema);
/** The shared field rules, plus the VAT number's, which depend on the regime and the SIRET. */
const companyResolver: Resolver<CompanyFields, unknown, CompanyOutput> = async (values, context, options) => {
  const result = await sharedRules(values, context, options);
  const problem = vatNumberProblem(values);
  if (!problem) return result;
  return {
    values: {},
    errors: { ...result.errors, tvaIntracommunautaire: { type: 'validate', message: problem } },
  };
};

/** "Mon entreprise" (PUT /users/me): identity, address, SIRET, VAT, register and insurance. */
export function CompanyForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<CompanyFields, unknown, CompanyOutput>({
    resolver: companyResolver,
    defaultValues: companyValues(user),
    // Each field is checked when left, then as it changes: the VAT number is validated while typed.
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const exempt = form.watch('dispenseImmatriculation');
  const registration = form.watch('rcsRm');

  // The VAT number's rule follows the regime and the SIRET: once the number was seen, a change of them
  // says at once what it implies.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name !== 'regimeTva' && name !== 'siret') return;
      if (form.getFieldState('tvaIntracommunautaire').isTouched || form.formState.isSubmitted) {
        void form.trigger('tvaIntracommunautaire');
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(companyRequest(values), {
      onSuccess: (saved) => {
        toast.success('Informations enregistrées');
        form.reset(companyValues(saved));
      },
      onError: (failure) => {
        const described = describeProfileSaveError(failure, SERVER_FIELDS);
        if (described.field)
          form.setError(described.field, { message: described.message }, { shouldFocus: true });
        else setError(described.message);
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-8">
      {error && <Alert variant="error">{error}</Alert>}
      <fieldset className="space-y-5">
        <legend className="text-base font-semibold text-slate-900">Identité et adresse</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Prénom" required error={errors.prenom?.message}>
            {(control) => (
              <Input {...control} autoComplete="given-name" required {...form.register('prenom')} />
            )}
          </Field>
          <Field label="Nom" required error={errors.nom?.message}>
            {(control) => (
              <Input {...control} autoComplete="family-name" required {...form.register('nom')} />
            )}
          </Field>
        </div>
        <Field label="Adresse" error={errors.adresse?.message} hint="Obligatoire sur vos factures.">
          {(control) => <Input {...control} autoComplete="street-address" {...form.register('adresse')} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-[10rem_1fr]">
          <Field label="Code postal" error={errors.codePostal?.message}>
            {(control) => <Input {...control} autoComplete="postal-code" {...form.register('codePostal')} />}
          </Field>
          <Field label="Ville" error={errors.ville?.message}>
            {(control) => <Input {...control} autoComplete="address-level2" {...form.register('ville')} />}
          </Field>
        </div>
        <SiretField
          control={form.control}
          name="siret"
          label="Numéro SIRET"
          hint="14 chiffres, imprimés sur vos factures"
          error={errors.siret?.message}
          required
          markRequired
          className="sm:max-w-xs"
        />
      </fieldset>

      <VatRegimeFields form={form} />

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Immatriculation</legend>
        <Choice
          type="checkbox"
          label={REGISTRATION_EXEMPT_TEXT}
          description="Micro-entrepreneur non inscrit au RCS ni au RM : cette mention est imprimée à la place."
          {...form.register('dispenseImmatriculation')}
        />
        {!exempt && lacksRegistration({ rcsRm: registration ?? '' }) && <RegistrationWarning />}
        {/* Not disabled but left out: a disabled field would be submitted as undefined. */}
        {!exempt && (
          <Field
            label="RCS ou RM"
            error={errors.rcsRm?.message}
            hint="Ville et numéro d’immatriculation, ex. RCS Lyon 123 456 789 ou RM 69 123 456 789."
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('rcsRm')} />}
          </Field>
        )}
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Assurance professionnelle</legend>
        <p className="text-sm text-slate-600">
          Obligatoire sur les factures de certains métiers (bâtiment, professions réglementées).
        </p>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Assureur" error={errors.assureur?.message} hint="Nom et adresse de l’assureur">
            {(control) => <Input {...control} autoComplete="off" {...form.register('assureur')} />}
          </Field>
          <Field
            label="Couverture"
            error={errors.assuranceCouverture?.message}
            hint="Garantie et zone couverte, ex. RC Pro, France entière"
          >
            {(control) => <Input {...control} autoComplete="off" {...form.register('assuranceCouverture')} />}
          </Field>
        </div>
      </fieldset>

      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
