import { isStrongPassword, MESSAGES, PASSWORD_MISMATCH_MESSAGE } from '@facturo/shared';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { FailureAlert, type FormFailure } from '../../components/ui/failure-alert';
import { Field } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { useRedirectAfterDelay } from '../../lib/use-redirect-after-delay';
import { usePasswordResetConfirmMutation } from './api';
import { AuthLayout } from './auth-layout';
import { describeResetConfirmError } from './error-messages';
import { PasswordChecklist } from './password-checklist';

export function ResetPasswordConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const confirm = usePasswordResetConfirmMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const done = confirm.isSuccess;
  useRedirectAfterDelay(done ? LOGIN_PATH : null);

  const mismatch = confirmation !== '' && confirmation !== password;
  // SPEC §5: submit only with a token, every rule met and both fields equal.
  const canSubmit = token !== '' && isStrongPassword(password) && password === confirmation;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(null);
    confirm.mutate(
      { token, newPassword: password },
      { onError: (error) => setFailure(describeResetConfirmError(error)) },
    );
  }

  if (done) {
    return (
      <AuthLayout title="Nouveau mot de passe">
        <Alert variant="success" title="Mot de passe modifié">
          <p>Votre mot de passe a été réinitialisé. Redirection vers la connexion…</p>
        </Alert>
        <p className="mt-5 text-sm">
          <TextLink to={LOGIN_PATH}>Aller à la connexion</TextLink>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Nouveau mot de passe"
      description="Choisissez le mot de passe de votre compte Facturo."
    >
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        {!token && (
          <Alert variant="error">
            <p>{MESSAGES.invalidLink}</p>
            <TextLink to="/reset-password">Demander un nouveau lien</TextLink>
          </Alert>
        )}
        {failure && <FailureAlert failure={failure} />}
        <Field label="Nouveau mot de passe" hint={<PasswordChecklist password={password} />}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <Field label="Confirmer le mot de passe" error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="new-password"
              required
              value={confirmation}
              onChange={(event) => setConfirmation(event.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="w-full" disabled={!canSubmit} loading={confirm.isPending}>
          Réinitialiser le mot de passe
        </Button>
      </form>
    </AuthLayout>
  );
}
