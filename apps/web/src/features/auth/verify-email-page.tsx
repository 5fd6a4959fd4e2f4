import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { TextLink } from '../../components/ui/text-link';
import { LOGIN_PATH } from '../../lib/access';
import { useRedirectAfterDelay } from '../../lib/use-redirect-after-delay';
import { AuthLayout } from './auth-layout';
import { ResendVerificationForm } from './resend-verification-form';
import { useEmailVerification } from './use-email-verification';

export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const state = useEmailVerification(searchParams.get('token'));
  useRedirectAfterDelay(state.status === 'success' ? LOGIN_PATH : null);

  return (
    <AuthLayout title="Confirmation de votre adresse email">
      {state.status === 'sending' && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="text-indigo-600" />
          Vérification en cours…
        </p>
      )}
      {state.status === 'success' && (
        <Alert variant="success" title="Adresse confirmée">
          <p>{state.message}</p>
          <p>Redirection vers la connexion…</p>
        </Alert>
      )}
      {state.status === 'error' && (
        <div className="space-y-5">
          <Alert variant="error">{state.message}</Alert>
          {state.offerResend && <ResendVerificationForm />}
        </div>
      )}
      {state.status !== 'sending' && (
        <p className="mt-5 text-sm">
          <TextLink to={LOGIN_PATH}>Aller à la connexion</TextLink>
        </p>
      )}
    </AuthLayout>
  );
}
