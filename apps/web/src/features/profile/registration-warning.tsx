import { REGISTRATION_MISSING_WARNING } from '@facturo/shared';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert';

/**
 * Said before an invoice goes out without RCS/RM nor « Dispensé d’immatriculation » (the wizard's last
 * step, and the profile where it is fixed); `toProfile` adds the way there.
 */
export function RegistrationWarning({ toProfile = false }: { toProfile?: boolean }) {
  return (
    <Alert variant="info" title="Immatriculation manquante">
      <p>
        {REGISTRATION_MISSING_WARNING}{' '}
        {toProfile ? (
          <Link to="/profil" className="font-medium underline underline-offset-2">
            Compléter mon profil
          </Link>
        ) : (
          'Renseignez-la ci-dessous, ou cochez « Dispensé d’immatriculation ».'
        )}
      </p>
    </Alert>
  );
}
