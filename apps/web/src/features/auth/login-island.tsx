import type { LoginResponse } from '@facturo/shared/sign-in';
import { Toaster } from '../../components/ui/toaster';
import { SIGNED_IN_HOME_PATH } from '../../lib/access';
import { saveSession } from '../../lib/session-store';
import { IslandQueryClient } from '../public/islands/island-query-client';
import { LoginForm } from './login-form';

/**
 * The session stored as the app's signIn stores it (lib/session.ts), then a full navigation: the
 * /factures HTML starts the signed-in app with its own first screen (scripts/first-screen-boot.mjs).
 * Nothing of this island's query cache needs clearing: the page it belongs to is left.
 */
function enterApp({ token, user }: LoginResponse): void {
  saveSession(token, user);
  window.location.assign(SIGNED_IN_HOME_PATH);
}

/** /login's form as an island of the static page (features/public/islands), with the resend's toasts. */
export function LoginIsland() {
  return (
    <IslandQueryClient>
      <LoginForm onSignedIn={enterApp} />
      <Toaster />
    </IslandQueryClient>
  );
}
