import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { buttonClasses } from '../../components/ui/button-styles';
import { Modal } from '../../components/ui/modal';
import { TextLink } from '../../components/ui/text-link';
import { BECOME_PRO_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { profileSectionHref } from '../profile/profile-sections';
import { LegalMentionsForm } from './legal-mentions-form';

interface LegalMentionsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The settings popup of the invoice list and of a client's detail (SPEC §2), with the page's form. */
export function LegalMentionsDialog({ open, onOpenChange }: LegalMentionsDialogProps) {
  const { user } = useSession();
  const close = () => onOpenChange(false);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title="Mentions légales" size="lg">
      {user?.role === 'professionnel' ? (
        <LegalMentionsForm
          onSaved={close}
          siretHint={
            <TextLink to={profileSectionHref('entreprise')} onClick={close}>
              modifier dans Mon entreprise
            </TextLink>
          }
          secondaryAction={
            <Dialog.Close asChild>
              <Button variant="secondary">Annuler</Button>
            </Dialog.Close>
          }
        />
      ) : (
        // Only professionals issue invoices; a particulier is shown the way to become one.
        <div className="space-y-4">
          <Alert variant="info">
            Les mentions légales figurent sur les factures que vous émettez. Passez en mode professionnel avec
            votre numéro SIRET pour les configurer.
          </Alert>
          <div className="flex justify-end">
            <Link to={BECOME_PRO_PATH} onClick={close} className={buttonClasses('primary')}>
              Passer en mode Pro
            </Link>
          </div>
        </div>
      )}
    </Modal>
  );
}
