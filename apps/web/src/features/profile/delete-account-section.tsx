import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { PasswordInput } from '../../components/ui/password-input';
import { LOGIN_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import {
  ACCOUNT_DELETED_MESSAGE,
  describeDeleteAccountError,
  useDeleteOwnAccountMutation,
} from './delete-account';
import { ProfileSection } from './profile-section';

function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const navigate = useNavigate();
  const { signOut } = useSession();
  const remove = useDeleteOwnAccountMutation();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFieldError(null);
    setError(null);
    if (password === '') {
      setFieldError('Saisissez votre mot de passe.');
      return;
    }
    try {
      await remove.mutateAsync(password);
    } catch (failure) {
      const described = describeDeleteAccountError(failure);
      if (described.field) setFieldError(described.message);
      else setError(described.message);
      return;
    }
    // The token is dead on the server already: forget it here and leave the signed-in area.
    signOut();
    navigate(LOGIN_PATH, { replace: true });
    toast.success(ACCOUNT_DELETED_MESSAGE);
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        onOpenChange(next);
        if (!next) {
          setPassword('');
          setFieldError(null);
          setError(null);
        }
      }}
      title="Supprimer mon compte"
      description="Cette action est définitive. Saisissez votre mot de passe pour confirmer."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {error && <Alert variant="error">{error}</Alert>}
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
          <Button variant="secondary" disabled={remove.isPending} onClick={() => onOpenChange(false)}>
            Annuler
          </Button>
          <Button type="submit" variant="danger" loading={remove.isPending}>
            Supprimer définitivement
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * « Supprimer mon compte » (GDPR art. 17, issue 13), on the professional's profile and on a particulier's
 * /mentions-legales. The account is closed, not wiped: issued invoices stay with their recipients for the
 * 10 years the Code de commerce requires.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection
      id="supprimer-compte"
      title="Supprimer mon compte"
      description="Vos données personnelles sont effacées et vous ne pourrez plus vous connecter."
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          Les factures que vous avez déjà émises restent lisibles par leurs destinataires pendant la durée
          légale de conservation (10 ans, article L123-22 du Code de commerce). Pensez à exporter vos données
          avant. Votre adresse e-mail pourra servir à créer un nouveau compte.
        </p>
        <Button variant="danger-outline" onClick={() => setOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Supprimer mon compte
        </Button>
      </div>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </ProfileSection>
  );
}
