import {
  CLIENT_SIRET_MESSAGE,
  CLIENT_TYPE_MESSAGE,
  type Client,
  COUNTRY_MESSAGE,
  FRENCH_POSTAL_CODE_MESSAGE,
  PARTICULIER_IDENTIFIERS_MESSAGE,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
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
  siret: '552 100 554 00021',
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
      siret: '55210055400021',
      siren: '552100554',
      type: 'entreprise',
      tvaIntracommunautaire: null,
      adresse: {
        rue: '3 place du Marché',
        codePostal: '69002',
        ville: 'Lyon',
        pays: 'France',
        codePays: 'FR',
      },
    });
    expect(created._id).toMatch(/^[0-9a-f-]{36}$/);

    const second = await createClient(token, { nom: 'bernard Dupuis', siret: null, adresse: undefined });
    expect(second.adresse).toEqual({ rue: '', codePostal: '', ville: '', pays: 'France', codePays: 'FR' });
    expect(second).toMatchObject({ type: 'particulier', siret: null, siren: null });
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
      siren: '552100554',
      adresse: { rue: '', pays: 'Belgique', codePays: 'BE' },
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

describe('kinds of buyers and their countries', () => {
  it('keeps a foreign business with its VAT number, and a country typed in English as its code', async () => {
    const { token } = await signedInUser(t);
    const belgian = await createClient(token, {
      nom: 'Brasserie de Namur',
      siret: null,
      tvaIntracommunautaire: 'be 0123.456.789',
      adresse: { rue: 'Rue de Fer 12', codePostal: '5000', ville: 'Namur', pays: 'BE' },
    });
    expect(belgian).toMatchObject({
      type: 'entreprise',
      siret: null,
      siren: null,
      tvaIntracommunautaire: 'BE0123456789',
      adresse: { pays: 'Belgique', codePays: 'BE' },
    });
    const german = await createClient(token, {
      nom: 'Werkstatt Berlin GmbH',
      siret: null,
      type: 'entreprise',
      adresse: { rue: 'Torstraße 1', codePostal: '10119', ville: 'Berlin', pays: 'Germany' },
    });
    expect(german).toMatchObject({ type: 'entreprise', adresse: { pays: 'Allemagne', codePays: 'DE' } });
    const stored = await t.database.executeSql('SELECT pays FROM clients WHERE id = $1', [german._id]);
    expect(stored.rows).toEqual([{ pays: 'DE' }]);
  });

  it('reads a country name written before countries became codes', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(token);
    await t.database.executeSql("UPDATE clients SET pays = 'Espagne' WHERE id = $1", [client._id]);
    const res = await t.request({ method: 'GET', url: `/api/clients/${client._id}`, token });
    expect(res.json<Client>().adresse).toMatchObject({ pays: 'Espagne', codePays: 'ES' });
  });

  it('refuses an unknown country, a malformed VAT number and an unknown type', async () => {
    const { token } = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ adresse: { pays: 'Atlantide' } }, COUNTRY_MESSAGE],
      [{ adresse: { pays: 'XX' } }, COUNTRY_MESSAGE],
      [{ tvaIntracommunautaire: 'DE12' }, VAT_NUMBER_MESSAGE],
      [{ tvaIntracommunautaire: 'US123456789' }, VAT_NUMBER_MESSAGE],
      [{ type: 'association' }, CLIENT_TYPE_MESSAGE],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/clients', token, body: newClient(overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
    }
  });

  it('wants a French postal code of 5 digits, and leaves other countries their own', async () => {
    const { token } = await signedInUser(t);
    const address = (codePostal: string, pays: string) => ({
      adresse: { rue: '1 rue Haute', codePostal, ville: 'Ville', pays },
    });
    for (const [codePostal, pays] of [
      ['7501', 'FR'],
      ['750011', 'France'],
      ['75 011', 'FR'],
      ['2A004', 'FR'],
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/clients',
        token,
        body: newClient(address(codePostal!, pays!)),
      });
      expect(res.statusCode, codePostal).toBe(400);
      expect(res.json()).toMatchObject({
        errorType: 'validation_error',
        message: FRENCH_POSTAL_CODE_MESSAGE,
      });
    }
    const ajaccio = await createClient(token, { email: 'ajaccio@example.fr', ...address('20000', 'FR') });
    expect(ajaccio.adresse).toMatchObject({ codePostal: '20000', codePays: 'FR' });
    const brussels = await createClient(token, { email: 'bxl@example.be', ...address('1000', 'BE') });
    expect(brussels.adresse).toMatchObject({ codePostal: '1000', codePays: 'BE' });
    // An update is held to the same rule: nothing is written.
    const update = await t.request({
      method: 'PUT',
      url: `/api/clients/${ajaccio._id}`,
      token,
      body: newClient({ email: 'ajaccio@example.fr', ...address('2000', 'FR') }),
    });
    expect(update.statusCode).toBe(400);
    const stored = await t.database.executeSql('SELECT code_postal FROM clients WHERE id = $1', [
      ajaccio._id,
    ]);
    expect(stored.rows).toEqual([{ code_postal: '20000' }]);
  });

  it('makes a client a business when it has a SIRET, a SIREN or a VAT number, unless told otherwise', async () => {
    const { token } = await signedInUser(t);
    const typeOf = async (overrides: Record<string, unknown>) => (await createClient(token, overrides)).type;
    expect(await typeOf({ siret: '55210055400021' })).toBe('entreprise');
    expect(await typeOf({ siret: '552100554' })).toBe('entreprise');
    expect(await typeOf({ siret: null, tvaIntracommunautaire: 'DE123456789' })).toBe('entreprise');
    expect(await typeOf({ siret: null })).toBe('particulier');
    expect(await typeOf({ siret: '' })).toBe('particulier');
    // A French business may be saved before its SIREN is known: the invoice will ask for it.
    expect(await typeOf({ siret: null, type: 'entreprise' })).toBe('entreprise');
    expect(await typeOf({ siret: null, type: 'particulier' })).toBe('particulier');
  });

  it('refuses an individual with a SIRET or a VAT number, and a French VAT number of another SIREN', async () => {
    const { token } = await signedInUser(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'particulier', siret: '55210055400021' }, PARTICULIER_IDENTIFIERS_MESSAGE],
      [
        { type: 'particulier', siret: null, tvaIntracommunautaire: 'BE0123456789' },
        PARTICULIER_IDENTIFIERS_MESSAGE,
      ],
      // FR40303265045 is the number of SIREN 303 265 045, not of 552 100 554.
      [{ siret: '55210055400021', tvaIntracommunautaire: 'FR40303265045' }, VAT_NUMBER_SIREN_MESSAGE],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.request({ method: 'POST', url: '/api/clients', token, body: newClient(overrides) });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
    }
    const client = await createClient(token);
    const update = await t.request({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      token,
      body: newClient({ email: client.email, type: 'particulier' }),
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(PARTICULIER_IDENTIFIERS_MESSAGE);
    const list = await t.request({ method: 'GET', url: '/api/clients', token });
    expect(list.json<Client[]>().map((c) => c.type)).toEqual(['entreprise']);
  });

  it('takes back what GET answered, name of country included, and changes nothing', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(token, {
      siret: null,
      tvaIntracommunautaire: 'NL123456789B01',
      adresse: { rue: 'Damrak 1', codePostal: '1012 LG', ville: 'Amsterdam', pays: 'Pays-Bas' },
    });
    const read = await t.request({ method: 'GET', url: `/api/clients/${client._id}`, token });
    const put = await t.request({
      method: 'PUT',
      url: `/api/clients/${client._id}`,
      token,
      body: read.json(),
    });
    expect(put.statusCode, put.body).toBe(200);
    const { updatedAt: _before, ...expected } = read.json<Client>();
    expect(put.json<Client>()).toMatchObject(expected);
    expect(put.json<Client>()).toMatchObject({
      type: 'entreprise',
      adresse: { pays: 'Pays-Bas', codePays: 'NL' },
    });
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
