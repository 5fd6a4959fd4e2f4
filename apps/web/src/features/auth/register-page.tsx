import { type RegisterResponse, registerRequestSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { SiretField } from '../../components/siret-field';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { TextLink } from '../../components/ui/text-link';
import { useHydrated } from '../../lib/use-hydrated';
import { useRegisterMutation } from './api';
import { AuthLayout } from './auth-layout';
import { describeRegisterError, registerSiretProblem } from './error-messages';
import { PasswordChecklist } from './password-checklist';
import { RegisterSuccessDialog } from './register-success-dialog';

type RegisterInput = z.input<typeof registerRequestSchema>;
type RegisterOutput = z.output<typeof registerRequestSchema>;

export function RegisterPage() {
  const hydrated = useHydrated();
  const register = useRegisterMutation();
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<RegisterResponse | null>(null);
  const form = useForm<RegisterInput, unknown, RegisterOutput>({
    // The shared schema carries the register-screen wording of every rule (SPEC §5).
    resolver: zodResolver(registerRequestSchema),
    defaultValues: { prenom: '', nom: '', siret: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const password = form.watch('password');

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    // The schema already stripped the SIRET's spaces; the role is forced to professionnel (SPEC §5).
    register.mutate(
      { ...values, role: 'professionnel' },
      {
        onSuccess: setResult,
        onError: (failure) => {
          // A SIRET another account holds is said under the field, with what to do.
          const siretProblem = registerSiretProblem(failure);
          if (siretProblem) form.setError('siret', { message: siretProblem }, { shouldFocus: true });
          else setError(describeRegisterError(failure));
        },
      },
    );
  });

  return (
    <AuthLayout
      title="Créer un compte"
      description="Compte professionnel : gardez votre numéro SIRET à portée de main."
    >
      <form onSubmit={onSubmit} noValidate>
        {/* Prerendered page: nothing to type into or submit before React runs it (see use-hydrated.ts). */}
        <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
          {error && <Alert variant="error">{error}</Alert>}
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label="Prénom" error={errors.prenom?.message}>
              {(control) => (
                <Input {...control} autoComplete="given-name" required {...form.register('prenom')} />
              )}
            </Field>
            <Field label="Nom" error={errors.nom?.message}>
              {(control) => (
                <Input {...control} autoComplete="family-name" required {...form.register('nom')} />
              )}
            </Field>
          </div>
          <SiretField
            control={form.control}
            name="siret"
            label="Numéro SIRET"
            hint="14 chiffres, par exemple 123 456 782 00010"
            error={errors.siret?.message}
            required
          />
          <Field label="Adresse email" error={errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" required {...form.register('email')} />
            )}
          </Field>
          <Field
            label="Mot de passe"
            error={errors.password?.message}
            hint={<PasswordChecklist password={password} />}
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="new-password"
                required
                {...form.register('password')}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" loading={register.isPending}>
            Créer mon compte
          </Button>
        </fieldset>
      </form>
      <p className="mt-6 text-sm text-slate-600">
        Déjà un compte ? <TextLink to="/login">Se connecter</TextLink>
      </p>
      <RegisterSuccessDialog result={result} onClose={() => setResult(null)} />
    </AuthLayout>
  );
}
