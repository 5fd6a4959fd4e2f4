import { CLIENT_SIRET_MESSAGE, type Client } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueEmail } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const newClient = (overrides: Record<string, unknown> = {}) => ({
  nom: 'Atelier Lumière',
  email: uniqueEmail('client'),
  telephone: '06 12 34 56 78',
  siret: '552 100 554 00025',
  adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon' },
  ...overrides,
});

async function createClient(token: string, overrides: Record<string, unknown> = {}): Promise<Client> {
  const res = await t.request({ method: 'POST', url: '/api/clients', token, body: newClient(overrides) });
  expect(res.statusCode).toBe(201);
  return res.json<Client>();
}

describe('client directory', () => {
  it('creates, lists, reads, updates and deletes a client', async () => {
    const { token } = await signedInUser(t);
    const created = await createClient(token, { email: 'Contact@Atelier.FR' });
    expect(created).toMatchObject({
      nom: 'Atelier Lumière',
      email: 'contact@atelier.fr',
      telephone: '06 12 34 56 78',
      siret: '55210055400025',
      adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon', pays: 'France' },
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await createClient(token, { nom: 'bernard Dupuis', siret: null, adresse: undefined });
    expect(second.adresse).toEqual({ rue: '', codePostal: '', ville: '', pays: 'France' });
    const list = await t.request({ method: 'GET', url: '/api/clients', token });
    expect(list.json<Client[]>().map((c) => c.nom)).toEqual(['Atelier Lumière', 'bernard Dupuis']);

    const one = await t.request({ method: 'GET', url: `/api/clients/${created._id}`, token });
    expect(one.json<Client>().nom).toBe('Atelier Lumière');

    const updated = await t.request({
      method: 'PUT',
      url: `/api/clients/${created._id}`,
      token,
      body: newClient({
        nom: 'Atelier Lumière SARL',
        email: 'compta@atelier.fr',
        siret: '552100554',
        adresse: { pays: 'Belgique' },
      }),
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Client>()).toMatchObject({
      nom: 'Atelier Lumière SARL',
      email: 'compta@atelier.fr',
      siret: '552100554',
      adresse: { rue: '', pays: 'Belgique' },
    });

    const removed = await t.request({ method: 'DELETE', url: `/api/clients/${created._id}`, token });
    expect(removed.statusCode).toBe(204);
    const gone = await t.request({ method: 'GET', url: `/api/clients/${created._id}`, token });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ errorType: 'not_found', message: 'Client introuvable.' });
  });

  it('requires a name and an e-mail, with the spec message', async () => {
    const { token } = await signedInUser(t);
    for (const body of [{}, { nom: '  ', email: 'a@b.fr' }, { nom: 'X', email: '' }]) {
      const res = await t.request({ method: 'POST', url: '/api/clients', token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        errorType: 'validation_error',
        message: 'Veuillez remplir les champs obligatoires',
      });
    }
  });

  it('checks the e-mail, the SIRET or SIREN and the phone number', async () => {
    const { token } = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'pas-une-adresse' }, 'Adresse email invalide'],
      [{ siret: '1234' }, CLIENT_SIRET_MESSAGE],
      [{ siret: '1234567890' }, CLIENT_SIRET_MESSAGE],
      [{ telephone: 'appelez-moi' }, 'Numéro de téléphone invalide'],
      [{ nom: 'x'.repeat(201) }, '200 caractères au maximum'],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/clients', token, body: newClient(overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('refuses a second client with the same e-mail in one directory, on create and on update', async () => {
    const { token } = await signedInUser(t);
    const email = uniqueEmail('doublon');
    await createClient(token, { email });
    const again = await t.request({
      method: 'POST',
      url: '/api/clients',
      token,
      body: newClient({ email: email.toUpperCase() }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      errorType: 'client_email_taken',
      message: 'Un client avec cette adresse email existe déjà dans votre répertoire.',
    });
    const other = await createClient(token);
    const clash = await t.request({
      method: 'PUT',
      url: `/api/clients/${other._id}`,
      token,
      body: newClient({ email }),
    });
    expect(clash.statusCode).toBe(409);
    // Another professional may have the same client.
    const { token: otherPro } = await signedInUser(t);
    await createClient(otherPro, { email });
  });

  it('keeps each directory private: another user gets 404 and sees nothing', async () => {
    const alice = await signedInUser(t);
    const bob = await signedInUser(t);
    const secret = await createClient(alice.token, { nom: 'Client secret' });
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/clients/${secret._id}`,
        token: bob.token,
        body: method === 'PUT' ? newClient() : undefined,
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect((await t.request({ method: 'GET', url: '/api/clients', token: bob.token })).json()).toEqual([]);
    for (const url of ['/api/export/clients', '/api/export-clients-rgpd']) {
      const res = await t.request({ method: 'GET', url, token: bob.token });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).not.toContain('Client secret');
    }
    const still = await t.request({ method: 'GET', url: `/api/clients/${secret._id}`, token: alice.token });
    expect(still.json<Client>().nom).toBe('Client secret');
  });

  it('answers 404 to ids that are not UUIDs', async () => {
    const { token } = await signedInUser(t);
    for (const id of ['123', 'abc', "1' OR '1'='1"]) {
      const res = await t.request({ method: 'GET', url: `/api/clients/${encodeURIComponent(id)}`, token });
      expect(res.statusCode).toBe(404);
    }
  });

  it('sends particuliers to professional mode', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    const create = await t.request({ method: 'POST', url: '/api/clients', token, body: newClient() });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toEqual({
      errorType: 'requires_upgrade',
      message: 'Vous devez passer en mode professionnel pour créer un client.',
      requiresUpgrade: true,
    });
    const update = await t.request({
      method: 'PUT',
      url: '/api/clients/8a1e2b4c-0000-4000-8000-000000000000',
      token,
      body: newClient(),
    });
    expect(update.statusCode).toBe(403);
    expect(update.json()).toMatchObject({ errorType: 'requires_upgrade', requiresUpgrade: true });
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/clients' })).statusCode).toBe(401);
  });
});

describe('client exports', () => {
  it('downloads the directory as dated JSON files', async () => {
    const { token, user } = await signedInUser(t);
    await createClient(token, { nom: 'Export Un' });
    await createClient(token, { nom: 'Export Deux' });
    const plain = await t.request({ method: 'GET', url: '/api/export/clients', token });
    expect(plain.headers['content-disposition']).toMatch(
      /^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(plain.json()).toMatchObject({ total: 2, clients: [{ nom: 'Export Deux' }, { nom: 'Export Un' }] });

    const rgpd = await t.request({ method: 'GET', url: '/api/export-clients-rgpd', token });
    expect(rgpd.headers['content-disposition']).toMatch(
      /filename="export-clients-rgpd-\d{4}-\d{2}-\d{2}\.json"/,
    );
    expect(rgpd.json()).toMatchObject({ utilisateur: { email: user.email }, total: 2 });
  });
});
