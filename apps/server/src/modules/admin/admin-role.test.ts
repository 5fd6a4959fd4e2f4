import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, STRONG_PASSWORD, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { findUserByEmail, findUserById, syncAdmins } from '../users/users.repo.js';

/*
 * Issue 13: the admins are the accounts of ADMIN_EMAIL (one address or a comma-separated list), flagged
 * at start. A database of this file's own (privateDatabase): the start's flagging reaches every account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { privateDatabase: true });
});
afterAll(async () => t?.close());

const stats = (token: string) => t.request({ method: 'GET', url: '/api/admin/stats', token });
const isAdmin = async (id: string) => (await findUserById(t.database.db, id))?.isAdmin;

describe('the admin role comes from ADMIN_EMAIL', () => {
  it('at start, every listed account is flagged and every other one loses the flag', async () => {
    const first = await signedInUser(t);
    const second = await signedInUser(t);
    const former = await signedInUser(t, { isAdmin: true });
    expect((await stats(first.token)).statusCode).toBe(403);
    expect((await stats(former.token)).statusCode).toBe(200);

    // What main.ts runs at start, with ADMIN_EMAIL=« first, second » (lower-cased by the config).
    await syncAdmins(t.database.db, [first.user.email, second.user.email]);
    expect(await isAdmin(first.user._id)).toBe(true);
    expect(await isAdmin(second.user._id)).toBe(true);
    expect(await isAdmin(former.user._id)).toBe(false);
    // Read on every request: the sessions already open follow the new list.
    expect((await stats(first.token)).statusCode).toBe(200);
    expect((await stats(second.token)).statusCode).toBe(200);
    const refused = await stats(former.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorType).toBe('forbidden');

    // No ADMIN_EMAIL at all: no admin.
    await syncAdmins(t.database.db, []);
    expect((await stats(first.token)).statusCode).toBe(403);
  });

  it('a listed address that registers later is an admin from its first sign-in', async () => {
    const email = t.config.adminEmails[0] ?? '';
    const registered = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      body: {
        email,
        password: STRONG_PASSWORD,
        nom: 'Admin',
        prenom: 'Ada',
        role: 'professionnel',
        siret: uniqueSiret(),
      },
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const other = await createUser(t);
    expect((await findUserByEmail(t.database.db, email))?.isAdmin).toBe(true);
    expect(await isAdmin(other.id)).toBe(false);
  });
});
