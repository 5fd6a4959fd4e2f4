import { emailSchema, loginRequestSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { TextLink } from '../../components/ui/text-link';
import { SIGNED_IN_HOME_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { useLoginMutation } from './api';
import { AuthLayout } from './auth-layout';
import { type AuthFailure, describeLoginError } from './error-messages';
import { LoginFooter } from './login-footer';
import { ResendVerificationButton } from './resend-verification-button';

type LoginInput = z.input<typeof loginRequestSchema>;
type LoginOutput = z.output<typeof loginRequestSchema>;

export function LoginPage() {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const login = useLoginMutation();
  const [failure, setFailure] = useState<AuthFailure | null>(null);
  const form = useForm<LoginInput, unknown, LoginOutput>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: ({ token, user }) => {
        signIn(token, user);
        navigate(SIGNED_IN_HOME_PATH, { replace: true });
      },
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
    <AuthLayout
      title="Connexion"
      description="Accédez à vos factures et à vos clients."
      footer={<LoginFooter />}
    >
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
      <p className="mt-5 text-sm text-slate-600">
        Pas encore de compte ? <TextLink to="/register">Créer un compte</TextLink>
      </p>
    </AuthLayout>
  );
}
