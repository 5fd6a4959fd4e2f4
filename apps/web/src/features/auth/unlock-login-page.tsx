import { MESSAGES } from '@facturo/shared/sign-in';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { unlockLogin } from './api';
import { AuthLayout } from './auth-layout';
import { describeUnlockError } from './error-messages';
import { useTokenLink } from './use-token-link';

/**
 * The e-mailed unlock link's page: after many failed sign-ins, devices that never signed in to the
 * account are refused until its owner opens this link, which lifts that at once (one click, once).
 */
export function UnlockLoginPage() {
  const [searchParams] = useSearchParams();
  const state = useTokenLink(
    searchParams.get('token'),
    unlockLogin,
    describeUnlockError,
    MESSAGES.invalidLink,
  );

  return (
    <AuthLayout title="Déblocage de la connexion">
      {state.status === 'sending' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="text-indigo-600" />
          Déblocage en cours…
        </p>
      )}
      {state.status === 'success' && (
        <Alert variant="success" title="Connexion débloquée">
          <p>{state.message}</p>
        </Alert>
      )}
      {state.status === 'error' && <Alert variant="error">{state.message}</Alert>}
      {state.status !== 'sending' && (
        <p className="mt-5 text-sm">
          <TextLink to={LOGIN_PATH}>Aller à la connexion</TextLink>
        </p>
      )}
    </AuthLayout>
  );
}
