import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, parisDate } from './lib/paris-date.js';
import { signedInUser, uniqueEmail } from './test/factories.js';
import { startTestApp, type TestApp } from './test/harness.js';

/**
 * What a GET returns must PUT back unchanged, read-only fields included (they are ignored): for every
 * resource that has both, the answer of GET is sent as it is, and a second GET shows nothing changed.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

type Json = Record<string, unknown>;

/** updatedAt moves on every save, even an identical one: the only field allowed to. */
const withoutUpdatedAt = ({ updatedAt: _updatedAt, ...rest }: Json) => rest;

async function roundTrip(url: string, token: string): Promise<void> {
  const before = await t.request({ method: 'GET', url, token });
  expect(before.statusCode, before.body).toBe(200);
  const put = await t.request({ method: 'PUT', url, token, body: before.json() });
  expect(put.statusCode, `PUT ${url} with its own GET: ${put.body}`).toBe(200);
  const after = await t.request({ method: 'GET', url, token });
  expect(withoutUpdatedAt(after.json<Json>()), url).toEqual(withoutUpdatedAt(before.json<Json>()));
  expect(withoutUpdatedAt(put.json<Json>()), url).toEqual(withoutUpdatedAt(before.json<Json>()));
}

async function professionalWithData() {
  const pro = await signedInUser(t, { adresse: '5 quai Rive', codePostal: '13002', ville: 'Marseille' });
  const client = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: pro.token,
    body: {
      nom: 'Boulangerie',
      email: uniqueEmail('client'),
      telephone: '01 23 45 67 89',
      siret: '55210055400021',
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
    },
  });
  expect(client.statusCode).toBe(201);
  return { token: pro.token, clientId: client.json<{ _id: string }>()._id };
}

describe('GET then PUT of the same object', () => {
  it('keeps the profile as it was, for a professional and for a particulier', async () => {
    const pro = await signedInUser(t, { adresse: '5 quai Rive', codePostal: '13002', ville: 'Marseille' });
    await roundTrip('/api/users/me', pro.token);
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    await roundTrip('/api/users/me', particulier.token);
  });

  it('keeps the legal mentions as they were, defaults or saved, for a professional and a particulier', async () => {
    for (const values of [{}, { role: 'particulier' as const, siret: null }]) {
      const { token } = await signedInUser(t, values);
      const defaults = await t.request({ method: 'GET', url: '/api/mentions-legales', token });
      const saved = await t.request({
        method: 'PUT',
        url: '/api/mentions-legales',
        token,
        body: defaults.json(),
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // Saving the defaults makes them the user's own (personnalisees); nothing else moves.
      expect(saved.json()).toEqual({ ...defaults.json(), personnalisees: true });
      await roundTrip('/api/mentions-legales', token);
    }
  });

  it('keeps a client as it was', async () => {
    const { token, clientId } = await professionalWithData();
    await roundTrip(`/api/clients/${clientId}`, token);
  });

  it('keeps an invoice as it was, with a payment term or with an explicit due date', async () => {
    const { token, clientId } = await professionalWithData();
    const lignes = [
      { description: 'Conseil', quantite: 3, prixUnitaire: 33.33 },
      { description: 'Déplacement', quantite: '0,5', prixUnitaire: '19.99' },
    ];
    const bodies = [
      { client: clientId, delaiPaiement: 45, objet: 'Mission', lignes, statut: 'brouillon' },
      { client: clientId, dateEcheance: addDays(parisDate(new Date()), 20), lignes },
    ];
    for (const body of bodies) {
      const created = await t.request({ method: 'POST', url: '/api/factures', token, body });
      expect(created.statusCode, created.body).toBe(201);
      await roundTrip(`/api/factures/${created.json<{ _id: string }>()._id}`, token);
    }
  });

  it('still refuses an unknown key that is no field of the GET answer', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: { mentionLibrre: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errorType).toBe('validation_error');
  });
});
