import { type InvitationAcceptResponse, isStrongPassword, PASSWORD_MISMATCH_MESSAGE } from '@facturo/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { FailureAlert, type FormFailure } from '../../components/ui/failure-alert';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError } from '../../lib/api-error';
import { NETWORK_ERROR_MESSAGE } from '../auth/error-messages';
import { PasswordChecklist } from '../auth/password-checklist';
import { useAcceptInvitation } from './api';
import { type InvitationProblem, invitationProblem } from './invitation-problem';

interface InvitationFormProps {
  token: string;
  /** « Créer mon espace et voir la facture » / « … le devis ». */
  submitLabel: string;
  onAccepted: (session: InvitationAcceptResponse) => void;
  /** The link died meanwhile (used in another tab, expired): the page shows its dead end. */
  onDeadLink: (problem: InvitationProblem) => void;
}

/** First name, last name (stored apart) and the password, under the shared rules and their checklist. */
export function InvitationForm({ token, submitLabel, onAccepted, onDeadLink }: InvitationFormProps) {
  const accept = useAcceptInvitation();
  const [prenom, setPrenom] = useState('');
  const [nom, setNom] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const mismatch = confirmation !== '' && confirmation !== password;
  const canSubmit =
    prenom.trim() !== '' && nom.trim() !== '' && isStrongPassword(password) && password === confirmation;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(null);
    accept.mutate(
      { token, prenom, nom, password },
      {
        onSuccess: onAccepted,
        onError: (error) => {
          const problem = invitationProblem(error);
          if (problem && problem.way !== 'retry') return onDeadLink(problem);
          if (error instanceof ApiError && !error.isNetworkError && error.serverMessage) {
            const details = error.body.errors.filter((detail) => detail !== error.serverMessage);
            return setFailure({ message: error.serverMessage, details });
          }
          setFailure({ message: NETWORK_ERROR_MESSAGE, details: [] });
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      {failure && <FailureAlert failure={failure} />}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Prénom" required>
          {(control) => (
            <Input
              {...control}
              autoComplete="given-name"
              required
              maxLength={100}
              value={prenom}
              onChange={(event) => setPrenom(event.target.value)}
            />
          )}
        </Field>
        <Field label="Nom" required>
          {(control) => (
            <Input
              {...control}
              autoComplete="family-name"
              required
              maxLength={100}
              value={nom}
              onChange={(event) => setNom(event.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Mot de passe" required hint={<PasswordChecklist password={password} />}>
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
      <Field
        label="Confirmer le mot de passe"
        required
        error={mismatch ? PASSWORD_MISMATCH_MESSAGE : undefined}
      >
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
      <Button type="submit" className="w-full" disabled={!canSubmit} loading={accept.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
