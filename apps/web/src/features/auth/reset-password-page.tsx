import { emailOnlyRequestSchema } from '@facturo/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { TextLink } from '../../components/ui/text-link';
import { usePasswordResetMutation } from './api';
import { AuthLayout } from './auth-layout';
import { type AuthFailure, describeResetRequestError } from './error-messages';
import { ResendVerificationButton } from './resend-verification-button';

type EmailInput = z.input<typeof emailOnlyRequestSchema>;
type EmailOutput = z.output<typeof emailOnlyRequestSchema>;

export function ResetPasswordPage() {
  const reset = usePasswordResetMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<(AuthFailure & { email: string }) | null>(null);
  const form = useForm<EmailInput, unknown, EmailOutput>({
    resolver: zodResolver(emailOnlyRequestSchema),
    defaultValues: { email: '' },
  });

  function send(email: string, again: boolean) {
    setFailure(null);
    reset.mutate(email, {
      onSuccess: () => {
        setSentTo(email);
        if (again) toast.success(`Un nouvel email a été envoyé à ${email}.`);
      },
      onError: (error) => {
        // A failed "send again" leaves the success panel for the form, where the error makes sense.
        setSentTo(null);
        setFailure({ ...describeResetRequestError(error), email });
      },
    });
  }

  const onSubmit = form.handleSubmit(({ email }) => send(email, false));

  return (
    <AuthLayout
      title="Mot de passe oublié"
      description="Indiquez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      {sentTo ? (
        <div className="space-y-5">
          <Alert variant="success" title="Email envoyé">
            <p>
              Si tout est correct, un email de réinitialisation vous a été envoyé à{' '}
              <strong className="break-all">{sentTo}</strong>. Pensez à regarder dans vos courriers
              indésirables.
            </p>
          </Alert>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" loading={reset.isPending} onClick={() => send(sentTo, true)}>
              Renvoyer
            </Button>
            <TextLink to="/login" className="text-sm">
              Retour à la connexion
            </TextLink>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-5">
          {failure && (
            <Alert variant="error">
              <p>{failure.message}</p>
              {failure.offerResend && <ResendVerificationButton getEmail={() => failure.email} />}
            </Alert>
          )}
          <Field label="Adresse email" error={form.formState.errors.email?.message}>
            {(control) => (
              <Input {...control} type="email" autoComplete="email" required {...form.register('email')} />
            )}
          </Field>
          <Button type="submit" className="w-full" loading={reset.isPending}>
            Envoyer le lien
          </Button>
          <p className="text-sm text-slate-600">
            <TextLink to="/login">Retour à la connexion</TextLink>
          </p>
        </form>
      )}
    </AuthLayout>
  );
}
