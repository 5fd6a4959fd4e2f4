import { SIRET_KEY_MESSAGE, siretTakenMessage, type User } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { createUser, STRONG_PASSWORD, signedInUser, uniqueEmail, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { readOutbox } from '../../test/outbox.js';

/** One company, one account: a SIRET belongs to one open account (DESIGN §5). */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const register = (siret: string, email = uniqueEmail('inscription')) =>
  t.request({
    method: 'POST',
    url: '/api/auth/register',
    body: { email, password: STRONG_PASSWORD, nom: 'Durand', prenom: 'Élodie', siret },
  });
const me = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>();
const putProfile = (token: string, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/users/me', token, body });
const putMentions = (token: string, body: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/mentions-legales', token, body });

function expectSiretTaken(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ errorType: 'siret_taken', message: siretTakenMessage(t.config.supportEmail) });
}

describe('registering with a SIRET', () => {
  it('is refused when an open account holds it, with what to do; nothing is created nor sent', async () => {
    const holder = await createUser(t);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, holder.id));
    const siret = row?.siret ?? '';
    const email = uniqueEmail('second');
    const res = await register(siret, email);
    expectSiretTaken(res);
    expect(siretTakenMessage(t.config.supportEmail)).toContain(t.config.supportEmail);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await readOutbox(t.outboxDir)).filter((m) => m.to === email)).toEqual([]);
  });

  it('is refused when a flagged duplicate account has it too', async () => {
    const siret = uniqueSiret();
    await createUser(t, { siret, siretDuplicate: true });
    expectSiretTaken(await register(siret));
  });

  it('is free again once the account that held it is closed', async () => {
    const siret = uniqueSiret();
    const { token, password } = await signedInUser(t, { siret });
    const closed = await t.request({ method: 'DELETE', url: '/api/users/me', token, body: { password } });
    expect(closed.statusCode).toBe(204);
    const again = await register(siret);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toMatchObject({ siret });
  });

  it('refuses a SIRET whose check digits are wrong, before anything else', async () => {
    const res = await register('12345678200001');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ errorType: 'validation_error', message: SIRET_KEY_MESSAGE });
  });
});

describe('saving a SIRET on the profile or the legal mentions', () => {
  it('refuses a particulier becoming professional with a SIRET an open account holds', async () => {
    const siret = uniqueSiret();
    await createUser(t, { siret });
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    expectSiretTaken(await putMentions(token, { siret, mentionLibre: 'jamais écrit' }));
    expectSiretTaken(await putProfile(token, { siret }));
    expect(await me(token)).toMatchObject({ role: 'particulier', siret: null });
  });

  it('refuses a professional moving to a held SIRET, and keeps their own', async () => {
    const taken = uniqueSiret();
    await createUser(t, { siret: taken });
    const { token, user } = await signedInUser(t);
    expectSiretTaken(await putProfile(token, { siret: taken, ville: 'Lyon' }));
    expect(await me(token)).toMatchObject({ siret: user.siret, ville: user.ville });
    // Saving its own again is no conflict.
    expect((await putProfile(token, { siret: user.siret })).statusCode).toBe(200);
  });

  it('refuses a wrong key on both routes', async () => {
    const { token } = await signedInUser(t);
    for (const res of [
      await putProfile(token, { siret: '12345678200011' }),
      await putMentions(token, { siret: '123 456 782 00011' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: SIRET_KEY_MESSAGE });
    }
  });
});

describe('an account flagged as a duplicate', () => {
  it('says so on /users/me, and keeps the flag while the holder stays open', async () => {
    const siret = uniqueSiret();
    await createUser(t, { siret });
    const { token } = await signedInUser(t, { siret, siretDuplicate: true });
    expect(await me(token)).toMatchObject({ siret, siretEnDouble: true });
    // The profile saved whole, SIRET included, still saves.
    const saved = await putProfile(token, { ...(await me(token)), ville: 'Nantes' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<User>()).toMatchObject({ ville: 'Nantes', siretEnDouble: true });
  });

  it('gets its SIRET back when it saves it once the holder is closed', async () => {
    const siret = uniqueSiret();
    const holder = await signedInUser(t, { siret });
    const { token } = await signedInUser(t, { siret, siretDuplicate: true });
    await t.request({
      method: 'DELETE',
      url: '/api/users/me',
      token: holder.token,
      body: { password: holder.password },
    });
    const saved = await putMentions(token, { siret });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await me(token)).toMatchObject({ siret, siretEnDouble: false });
    // It holds it now: nobody else registers it.
    expectSiretTaken(await register(siret));
  });

  it('is cleared by moving to a SIRET nobody holds', async () => {
    const siret = uniqueSiret();
    await createUser(t, { siret });
    const { token } = await signedInUser(t, { siret, siretDuplicate: true });
    const own = uniqueSiret();
    expect((await putProfile(token, { siret: own })).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({ siret: own, siretEnDouble: false });
  });
});
