import { SIRET_DUPLICATE_MESSAGES, type SiretDuplicate, type User } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAuditLog } from '../../db/schema.js';
import { createUser, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { signedInAdmin } from './admin-test-helpers.js';

/** « Comptes au SIRET en double » of /admin: the flagged accounts, and giving a SIRET back. */

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await startTestApp();
  adminToken = (await signedInAdmin(t)).token;
});
afterAll(async () => t.close());

const list = async () => {
  const res = await t.request({ method: 'GET', url: '/api/admin/siret-duplicates', token: adminToken });
  expect(res.statusCode).toBe(200);
  return res.json<SiretDuplicate[]>();
};
const restore = (id: string, token = adminToken) =>
  t.request({ method: 'POST', url: `/api/admin/siret-duplicates/${id}/restore`, token });

describe('/api/admin/siret-duplicates', () => {
  it('is for admins only', async () => {
    const { token, user } = await signedInUser(t, { siretDuplicate: true });
    const read = await t.request({ method: 'GET', url: '/api/admin/siret-duplicates', token });
    expect(read.statusCode).toBe(403);
    expect((await restore(user._id, token)).statusCode).toBe(403);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>().siretEnDouble).toBe(true);
  });

  it('lists each flagged account with the account that holds its SIRET', async () => {
    const siret = uniqueSiret();
    const holder = await createUser(t, { siret, nom: 'Titulaire' });
    const duplicate = await createUser(t, { siret, siretDuplicate: true, nom: 'Doublon' });
    const row = (await list()).find((d) => d.compte._id === duplicate.id);
    expect(row).toMatchObject({
      siret,
      compte: { _id: duplicate.id, nom: 'Doublon', email: duplicate.email, emailVerified: true },
      titulaire: { _id: holder.id, nom: 'Titulaire', email: holder.email },
    });
  });

  it('gives the SIRET back only once its holder is closed, audited', async () => {
    const siret = uniqueSiret();
    const holder = await createUser(t, { siret });
    const duplicate = await signedInUser(t, { siret, siretDuplicate: true });
    const refused = await restore(duplicate.user._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ errorType: 'conflict', message: SIRET_DUPLICATE_MESSAGES.stillHeld });

    const closed = await t.request({
      method: 'DELETE',
      url: `/api/admin/users/${holder.id}`,
      token: adminToken,
    });
    expect(closed.statusCode).toBe(204);
    expect((await list()).find((d) => d.compte._id === duplicate.user._id)?.titulaire).toBeNull();

    expect((await restore(duplicate.user._id)).statusCode).toBe(204);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: duplicate.token });
    expect(me.json<User>()).toMatchObject({ siret, siretEnDouble: false });
    expect((await list()).some((d) => d.compte._id === duplicate.user._id)).toBe(false);
    const audit = await t.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.targetUserId, duplicate.user._id));
    expect(audit).toMatchObject([
      {
        action: 'restore_siret',
        before: { siret, siretEnDouble: true },
        after: { siret, siretEnDouble: false },
      },
    ]);

    // Done once: a second time finds nothing to give back.
    const again = await restore(duplicate.user._id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIRET_DUPLICATE_MESSAGES.notFlagged);
  });

  it('gives it back when the holder changed SIRET, and answers 404 for an unknown account', async () => {
    const siret = uniqueSiret();
    const holder = await signedInUser(t, { siret });
    const duplicate = await createUser(t, { siret, siretDuplicate: true });
    const moved = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token: holder.token,
      body: { siret: uniqueSiret() },
    });
    expect(moved.statusCode).toBe(200);
    expect((await restore(duplicate.id)).statusCode).toBe(204);
    expect((await restore('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await restore('pas-un-id')).statusCode).toBe(404);
  });
});
