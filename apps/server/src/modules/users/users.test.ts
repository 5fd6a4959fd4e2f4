import {
  formatSiretInput,
  frenchVatNumber,
  SIRET_MESSAGE,
  type User,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('/api/users/me', () => {
  it('updates the profile fields and keeps them', async () => {
    const { token } = await signedInUser(t);
    const siret = uniqueSiret();
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
        siret: formatSiretInput(siret),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<User>()).toMatchObject({
      prenom: 'Zoé',
      nom: 'Lefèvre',
      adresse: '12 rue des Lilas',
      codePostal: '75011',
      ville: 'Paris',
      siret,
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
    const siret = uniqueSiret();
    await t.request({ method: 'PUT', url: '/api/users/me', token, body: { siret } });
    const after = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(after.json<User>()).toMatchObject({ role: 'professionnel', siret });
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

  it('answers 403 account_banned once the account is banned (the open page says why)', async () => {
    const { token, user } = await signedInUser(t);
    await t.database.executeSql('UPDATE users SET is_banned = true WHERE id = $1', [user._id]);
    const res = await t.request({ method: 'GET', url: '/api/users/me', token });
    expect(res.statusCode).toBe(403);
    expect(res.json().errorType).toBe('account_banned');
  });
});

describe('/api/users/me: VAT regime and invoice details', () => {
  const put = (token: string, body: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/users/me', token, body });
  const me = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/users/me', token })).json<User>();
  /** The VAT number the tax office gives this user's SIREN. */
  const ownVatNumber = (user: User) => frenchVatNumber((user.siret ?? '').slice(0, 9));

  it('starts under the franchise, with nothing else to print', async () => {
    const { token } = await signedInUser(t);
    expect(await me(token)).toMatchObject({
      regimeTva: 'franchise',
      optionDebits: false,
      tvaIntracommunautaire: '',
      rcsRm: '',
      assureur: '',
      assuranceCouverture: '',
    });
  });

  it('leaves the franchise only with a VAT number, and keeps the number while VAT is charged', async () => {
    const { token, user } = await signedInUser(t);
    const alone = await put(token, { regimeTva: 'reel' });
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toMatchObject({
      errorType: 'validation_error',
      message: VAT_NUMBER_REQUIRED_MESSAGE,
    });
    expect((await me(token)).regimeTva).toBe('franchise');

    // Typed with spaces and in lower case, saved as the tax office writes it.
    const spaced = ownVatNumber(user)
      .toLowerCase()
      .replace(/^(..)(..)(...)(...)(...)$/, '$1 $2 $3 $4 $5');
    const number = await put(token, { tvaIntracommunautaire: spaced });
    expect(number.statusCode, number.body).toBe(200);
    const reel = await put(token, { regimeTva: 'reel', optionDebits: true });
    expect(reel.statusCode, reel.body).toBe(200);
    expect(reel.json<User>()).toMatchObject({
      regimeTva: 'reel',
      optionDebits: true,
      tvaIntracommunautaire: ownVatNumber(user),
    });

    const removed = await put(token, { tvaIntracommunautaire: '' });
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(VAT_NUMBER_REQUIRED_MESSAGE);
    expect((await me(token)).tvaIntracommunautaire).toBe(ownVatNumber(user));

    // Back to the franchise in the same request, the number may go.
    const back = await put(token, { regimeTva: 'franchise', tvaIntracommunautaire: '' });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<User>()).toMatchObject({ regimeTva: 'franchise', tvaIntracommunautaire: '' });
  });

  it('takes regime and number in one request', async () => {
    const { token, user } = await signedInUser(t);
    const res = await put(token, { regimeTva: 'reel', tvaIntracommunautaire: ownVatNumber(user) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().regimeTva).toBe('reel');
  });

  it('refuses a French VAT number that does not carry the SIREN, now or after a SIRET change', async () => {
    const siret = uniqueSiret('552100554');
    const { token, user } = await signedInUser(t, { siret });
    // A valid number (its key matches its own SIREN), but of another business.
    const other = await put(token, { tvaIntracommunautaire: 'FR40303265045' });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ errorType: 'validation_error', message: VAT_NUMBER_SIREN_MESSAGE });

    expect((await put(token, { tvaIntracommunautaire: ownVatNumber(user) })).statusCode).toBe(200);
    const other303 = uniqueSiret('303265045');
    const moved = await put(token, { siret: other303 });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(VAT_NUMBER_SIREN_MESSAGE);
    expect((await me(token)).siret).toBe(siret);
    // Both changed together, they agree again.
    const both = await put(token, { siret: other303, tvaIntracommunautaire: 'FR40303265045' });
    expect(both.statusCode, both.body).toBe(200);
  });

  it('refuses a malformed VAT number with the format message', async () => {
    const { token } = await signedInUser(t);
    for (const tvaIntracommunautaire of ['12', 'FR00552100554', 'XX123456789', 'DE12345']) {
      const res = await put(token, { tvaIntracommunautaire });
      expect(res.statusCode, tvaIntracommunautaire).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: VAT_NUMBER_MESSAGE });
    }
  });

  it('saves the registration, the insurance and the debit option, under either regime', async () => {
    const { token } = await signedInUser(t);
    const res = await put(token, {
      rcsRm: ' RCS Lyon 552 100 554 ',
      assureur: 'MAAF Pro',
      assuranceCouverture: 'France métropolitaine',
      optionDebits: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await me(token)).toMatchObject({
      regimeTva: 'franchise',
      optionDebits: true,
      rcsRm: 'RCS Lyon 552 100 554',
      assureur: 'MAAF Pro',
      assuranceCouverture: 'France métropolitaine',
    });
    const bad = await put(token, { regimeTva: 'mixte' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Régime de TVA invalide (franchise ou reel)');
  });

  it('lets a profile whose old number does not match its SIREN still change its name', async () => {
    const { token, user } = await signedInUser(t, { siret: uniqueSiret('552100554') });
    // Numbers copied from the old mentions page by migration 0006 were never checked against the SIREN.
    await t.database.executeSql("UPDATE users SET tva_intracommunautaire = 'FR40303265045' WHERE id = $1", [
      user._id,
    ]);
    const renamed = await put(token, { nom: 'Durand' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const roundTrip = await put(token, renamed.json());
    expect(roundTrip.statusCode, roundTrip.body).toBe(200);
    expect((await put(token, { regimeTva: 'reel' })).json().message).toBe(VAT_NUMBER_SIREN_MESSAGE);
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
