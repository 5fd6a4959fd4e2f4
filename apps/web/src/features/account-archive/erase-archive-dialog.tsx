import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Choice } from '../../components/ui/choice';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { PasswordInput } from '../../components/ui/password-input';
import { LOGIN_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { describeDeleteAccountError } from '../profile/delete-account';
import {
  ERASED_AT_ONCE,
  ERASURE_SUMMARY,
  KEPT_AFTER_ERASURE,
  useEraseArchiveMutation,
} from './erase-archive';

/**
 * « Supprimer définitivement »: what goes and what stays, said before it is done; then the holder's word
 * that the archive is downloaded and the password again (DELETE /users/me/archive).
 */
export function EraseArchiveDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const erase = useEraseArchiveMutation();
  const [password, setPassword] = useState('');
  const [downloaded, setDownloaded] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setError(null);
    if (!downloaded) {
      setError('Confirmez avoir téléchargé vos archives avant de tout supprimer.');
      return;
    }
    if (password === '') {
      setFieldError('Saisissez votre mot de passe.');
      return;
    }
    try {
      await erase.mutateAsync(password);
    } catch (failure) {
      const described = describeDeleteAccountError(failure);
      if (described.field) setFieldError(described.message);
      else setError(described.message);
      return;
    }
    signOut();
    navigate(LOGIN_PATH, { replace: true });
    toast.success('Votre compte et ses archives ont été supprimés.');
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!erase.isPending) onOpenChange(next);
      }}
      title="Supprimer définitivement"
      description={ERASURE_SUMMARY}
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        <div className="space-y-3 text-sm text-slate-700" data-testid="effacement-consequences">
          <div>
            <p className="font-medium text-slate-900">Effacé immédiatement :</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {ERASED_AT_ONCE.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <div>
            <p className="font-medium text-slate-900">Conservé :</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {KEPT_AFTER_ERASURE.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        </div>
        {error && <Alert variant="error">{error}</Alert>}
        <Choice
          type="checkbox"
          checked={downloaded}
          onChange={(event) => setDownloaded(event.target.checked)}
          label="J’ai téléchargé mes archives (factures, FEC, journal)"
        />
        <Field label="Mot de passe" error={fieldError ?? undefined} required>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={erase.isPending} onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" loading={erase.isPending}>
            Supprimer définitivement
          </Button>
        </div>
      </form>
    </Modal>
  );
}
