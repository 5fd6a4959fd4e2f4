import { SIRET_MESSAGE, type User } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('/api/users/me', () => {
  it('updates the profile fields and keeps them', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/users/me',
      token,
      body: {
        prenom: ' Zoé ',
        nom: 'Lefèvre',
        adresse: '12 rue des Lilas',
        codePostal: '75011',
        ville: 'Paris',
        siret: '987 654 321 00019',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      prenom: 'Zoé',
      nom: 'Lefèvre',
      adresse: '12 rue des Lilas',
      codePostal: '75011',
      ville: 'Paris',
      siret: '98765432100019',
    });
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>().ville).toBe('Paris');
  });

  it('rejects a malformed SIRET with the spec message', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret: '123' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      errorType: 'validation_error',
      message: 'Le SIRET doit contenir exactement 14 chiffres',
    });
  });

  it('never lets a professional drop the SIRET', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SIRET_MESSAGE);
  });

  it('turns a particulier into a professional when a valid SIRET is saved', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const before = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(before.json<User>().role).toBe('particulier');
    await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret: '12345678900012' } });
    const after = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(after.json<User>()).toMatchObject({ role: 'professionnel', siret: '12345678900012' });
  });

  it('ignores the read-only fields GET returns, and still refuses a wrong type or an unknown key', async () => {
    const { token, user } = await signedInUser(t);
    // What GET /users/me shows must PUT back (SPEC §7): the fields the server owns are ignored, never written.
    for (const body of [{ role: 'particulier' }, { isAdmin: true }, { email: 'autre@exemple.fr' }]) {
      const res = await t.request({ method: 'PUT', url: '/api/users/me', token, body });
      expect(res.statusCode).toBe(200);
    }
    for (const body of [{ nom: 42 }, { motDePasse: 'x' }]) {
      const res = await t.request({ method: 'PUT', url: '/api/users/me', token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errorType).toBe('validation_error');
    }
    const me = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(me.json<User>()).toMatchObject({ role: 'professionnel', isAdmin: false, email: user.email });
  });

  it('answers 401 once the account is banned', async () => {
    const { token, user } = await signedInUser(t);
    await t.database.executeSql('UPDATE users SET is_banned = true WHERE id = $1', [user._id]);
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).statusCode).toBe(401);
  });
});

describe('platform', () => {
  it('reports health with the database kind', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI description generated from the schemas', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/users/me']));
  });
});
