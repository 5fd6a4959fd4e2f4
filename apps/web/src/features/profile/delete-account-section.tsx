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
import { ClosureConsequences } from './closure-consequences';
import {
  ACCOUNT_DELETED_MESSAGE,
  describeDeleteAccountError,
  useDeleteOwnAccountMutation,
} from './delete-account';
import { ProfileSection } from './profile-section';

/**
 * What closing does, said before it is done: the books the law keeps (Code de commerce L123-22) stay
 * readable, read-only, with the same password; « Supprimer définitivement » from there erases them.
 */
const CLOSING_EXPLAINED =
  'Si vous avez émis des factures, la loi vous impose de conserver vos factures, vos livres, votre FEC et votre journal pendant 10 ans après la fin de l’exercice de la dernière facture (article L123-22 du Code de commerce). Votre compte devient alors une archive en consultation seule : reconnectez-vous avec la même adresse et le même mot de passe pour les consulter et les télécharger. Depuis cette archive, « Supprimer définitivement » efface tout immédiatement. Vos destinataires gardent leurs exemplaires des factures, et votre adresse e-mail pourra servir à créer un nouveau compte.';

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
      description="Le compte est fermé aussitôt : votre profil, vos clients sans document, vos messages et votre abonnement sont supprimés."
    >
      <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
        {open && <ClosureConsequences fallback={CLOSING_EXPLAINED} />}
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
 * /mentions-legales. The account is closed, not wiped: an issuer's books stay as a read-only archive for
 * the 10 years the Code de commerce requires (closed-account.ts).
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false);
  return (
    <ProfileSection
      id="supprimer-compte"
      title="Supprimer mon compte"
      description="Votre profil, vos clients sans facture, vos messages et votre abonnement sont supprimés."
    >
      <div className="space-y-4">
        <p className="text-sm text-slate-700">{CLOSING_EXPLAINED}</p>
        <Button variant="danger-outline" onClick={() => setOpen(true)}>
          <Trash2 className="size-4" aria-hidden="true" />
          Supprimer mon compte
        </Button>
      </div>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </ProfileSection>
  );
}
