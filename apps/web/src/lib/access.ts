import type { User } from '@facturo/shared';

/**
 * Who may open a route (SPEC §2). Kept as a pure decision so the rules can be tested without a browser.
 * - public: signed-out visitors only (landing, login…); signed-in users go to their invoices
 * - always: everybody (links from e-mails must work whatever the session)
 * - signedIn / pro / admin: a session, a professionnel, the admin flag
 */
export type RouteAccess = 'public' | 'always' | 'signedIn' | 'pro' | 'admin';

export type AccessUser = Pick<User, 'role' | 'isAdmin'>;

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const SIGNED_IN_HOME_PATH = '/factures';
/** Where non-professionals land when they open a professional-only screen (SPEC §5). */
export const BECOME_PRO_PATH = '/mentions-legales';

/** Where to send the visitor instead, or null when the route may be shown. */
export function redirectFor(access: RouteAccess, user: AccessUser | null): string | null {
  switch (access) {
    case 'always':
      return null;
    case 'public':
      return user ? SIGNED_IN_HOME_PATH : null;
    case 'signedIn':
      return user ? null : LOGIN_PATH;
    case 'pro':
      if (!user) return LOGIN_PATH;
      return user.role === 'professionnel' ? null : BECOME_PRO_PATH;
    case 'admin':
      if (!user) return LOGIN_PATH;
      return user.isAdmin ? null : SIGNED_IN_HOME_PATH;
  }
}

/** Unknown paths (SPEC §2): the invoice list when signed in, else the landing page. */
export function fallbackPathFor(user: AccessUser | null): string {
  return user ? SIGNED_IN_HOME_PATH : HOME_PATH;
}
