import type { LoginResponse } from '@facturo/shared';
import { useNavigate } from 'react-router';
import { TextLink } from '../../components/ui/text-link';
import { SIGNED_IN_HOME_PATH } from '../../lib/access';
import { useSession } from '../../lib/session';
import { Island } from '../public/islands/island';
import { AuthLayout } from './auth-layout';
import { LoginFooter } from './login-footer';
import { LoginForm } from './login-form';

/**
 * /login. Loaded from the server it is a static page whose form is an island (login-island.tsx); reached
 * inside the app (a link, a signed-out session), this route draws it, and a sign-in stays in the app.
 */
export function LoginPage() {
  const navigate = useNavigate();
  const { signIn } = useSession();

  const onSignedIn = ({ token, user }: LoginResponse) => {
    signIn(token, user);
    navigate(SIGNED_IN_HOME_PATH, { replace: true });
  };

  return (
    <AuthLayout
      title="Connexion"
      description="Accédez à vos factures et à vos clients."
      footer={<LoginFooter />}
    >
      <Island name="login">
        <LoginForm onSignedIn={onSignedIn} />
      </Island>
      <p className="mt-5 text-sm text-slate-600">
        Pas encore de compte ? <TextLink to="/register">Créer un compte</TextLink>
      </p>
    </AuthLayout>
  );
}
