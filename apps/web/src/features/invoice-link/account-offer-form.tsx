import { type InvoiceLinkAccountRequest, isStrongPassword, PASSWORD_MISMATCH_MESSAGE } from '@facturo/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { FailureAlert, type FormFailure } from '../../components/ui/failure-alert';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError } from '../../lib/api-error';
import { NETWORK_ERROR_MESSAGE } from '../auth/error-messages';
import { PasswordChecklist } from '../auth/password-checklist';

interface AccountOfferFormProps<Session> {
  /** The link's address: the account is for it alone, so it is shown, not typed. */
  email: string;
  /** Under the address: « …à laquelle la facture a été envoyée. », or the quote's words. */
  emailHint: string;
  /** The link's own account call (an invoice's or a quote's), bound to its token. */
  create: UseMutationResult<Session, Error, InvoiceLinkAccountRequest>;
  onCreated: (session: Session) => void;
}

/** Opens in a new tab: reading the terms must not lose what was typed. */
function ReadInNewTab({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      className="font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
    >
      {children}
    </a>
  );
}

/**
 * A particulier account for a signed link's address (an invoice's or a quote's): names, password, and the
 * consent to the terms and the privacy notice, without which the server creates nothing.
 */
export function AccountOfferForm<Session>({
  email,
  emailHint,
  create,
  onCreated,
}: AccountOfferFormProps<Session>) {
  const [prenom, setPrenom] = useState('');
  const [nom, setNom] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [consent, setConsent] = useState(false);
  const [failure, setFailure] = useState<FormFailure | null>(null);

  const mismatch = confirmation !== '' && confirmation !== password;
  const canSubmit =
    prenom.trim() !== '' &&
    nom.trim() !== '' &&
    isStrongPassword(password) &&
    password === confirmation &&
    consent;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setFailure(null);
    create.mutate(
      { prenom, nom, password, accepteConditions: consent },
      {
        onSuccess: onCreated,
        onError: (error) => {
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
      <Field label="Adresse email" hint={emailHint}>
        {(control) => <Input {...control} type="email" value={email} readOnly autoComplete="email" />}
      </Field>
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
      <Choice
        type="checkbox"
        required
        checked={consent}
        onChange={(event) => setConsent(event.target.checked)}
        label={
          <>
            J’accepte les <ReadInNewTab href="/terms">conditions d’utilisation</ReadInNewTab> et la{' '}
            <ReadInNewTab href="/privacy">politique de confidentialité</ReadInNewTab> de Facturo.
          </>
        }
        description="Votre espace n’est créé qu’avec votre accord."
      />
      <Button type="submit" className="w-full" disabled={!canSubmit} loading={create.isPending}>
        Créer mon espace Facturo
      </Button>
    </form>
  );
}
