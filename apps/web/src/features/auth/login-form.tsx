import { emailSchema, type LoginResponse, loginRequestSchema } from '@facturo/shared/sign-in';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { TextLink } from '../../components/ui/text-link';
import { takeSignedOutReason } from '../../lib/signed-out-reason';
import { useHydrated } from '../../lib/use-hydrated';
import { useLoginMutation } from './api';
import { type AuthFailure, describeLoginError, SUSPENDED_SESSION_MESSAGE } from './error-messages';
import { ResendVerificationButton } from './resend-verification-button';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

interface LoginFormProps {
  /** The API accepted the credentials: store the session and go on, as the caller's context allows. */
  onSignedIn: (session: LoginResponse) => void;
}

/**
 * E-mail and password, SPEC §8's failures and the confirmation e-mail's resend: the one login form of
 * both /login pages, the static page's island (login-island.tsx) and the app's route (login-page.tsx).
 */
export function LoginForm({ onSignedIn }: LoginFormProps) {
  const hydrated = useHydrated();
  const login = useLoginMutation();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  // A session the app ended because the account was suspended (lib/api.ts): say so, once.
  useEffect(() => {
    if (takeSignedOutReason() === 'suspendu')
      setFailure({ message: SUSPENDED_SESSION_MESSAGE, offerResend: false });
  }, []);

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: onSignedIn,
      onError: (error) => setFailure(describeLoginError(error)),
    });
  });

  /** The resend action uses the address typed above; an empty or invalid one is flagged on the field. */
  async function emailForResend(): Promise<string | null> {
    const valid = await form.trigger('email');
    if (!valid) return null;
    return emailSchema.safeParse(form.getValues('email')).data ?? null;
  }

  return (
    <>
      <form onSubmit={onSubmit} noValidate>
        {/* Prerendered page: nothing to type into or submit before React runs it (see use-hydrated.ts). */}
        <fieldset disabled={!hydrated} className="m-0 min-w-0 space-y-5 border-0 p-0">
          {failure && (
            <Alert variant="error">
              <p>{failure.message}</p>
              {failure.offerResend && <ResendVerificationButton getEmail={emailForResend} />}
            </Alert>
          )}
          <Field label="Adresse email" error={errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" required {...form.register('email')} />
            )}
          </Field>
          <Field
            label="Mot de passe"
            error={errors.password?.message}
            labelAside={
              <TextLink to="/reset-password" className="text-sm">
                J'ai oublié mon mot de passe
              </TextLink>
            }
          >
            {(control) => (
              <PasswordInput
                {...control}
                autoComplete="current-password"
                required
                {...form.register('password')}
              />
            )}
          </Field>
          <Button type="submit" className="w-full" loading={login.isPending}>
            Se connecter
          </Button>
        </fieldset>
      </form>

      {/* Only one resend button at a time: the error alert above carries it when it applies. */}
      {!failure?.offerResend && (
        <div className="mt-6 space-y-1 border-t border-slate-200 pt-5 text-sm text-slate-600">
          <p>Vous n'avez pas reçu l'email de confirmation ?</p>
          <ResendVerificationButton getEmail={emailForResend} variant="link" />
        </div>
      )}
    </>
  );
}
