import type { User } from '@facturo/shared';
import { signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';

/** The account of ADMIN_EMAIL, flagged as the server does at start, signed in through the real login. */
export async function signedInAdmin(t: TestApp): Promise<{ token: string; user: User }> {
  const email = t.config.adminEmails[0];
  if (!email) throw new Error('ADMIN_EMAIL vide');
  return signedInUser(t, { email, isAdmin: true });
}
