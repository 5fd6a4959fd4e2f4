import { type Client, LIST_MESSAGES } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { readPage, walkPages } from '../../test/list-pages.js';

/** Issue 16: GET /clients a page at a time, by name (case aside), with `q` and `type`. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const names = (clients: readonly Client[]) => clients.map((client) => client.nom);
const search = async (token: string, query: string) =>
  names((await walkPages<Client>(t, token, `/api/clients?${query}`, 2)).flat()).sort();

/** A directory with names that differ only by case, a business with a SIRET, and the search's wildcards. */
async function directory() {
  const pro = await signedInUser(t);
  const created: Client[] = [];
  for (const overrides of [
    { nom: 'atelier Lune' },
    { nom: 'Zinc & Co', type: 'entreprise', siret: '55210055400021' },
    { nom: 'Atelier Lune' },
    { nom: 'Brasserie du Port', adresse: { rue: '2 quai', codePostal: '29200', ville: 'Brest' } },
    { nom: '20% Bio_Local' },
    { nom: 'Épicerie Fine', email: 'contact@epicerie-fine.fr' },
  ]) {
    created.push(await createClient(t, pro.token, overrides));
  }
  return { pro, created };
}

let dir: Awaited<ReturnType<typeof directory>>;
beforeAll(async () => {
  dir = await directory();
});

describe('GET /clients', () => {
  it('walks the directory by name, case aside, then by creation: the order of one big page', async () => {
    const pages = await walkPages<Client>(t, dir.pro.token, '/api/clients', 2);
    expect(pages.map((page) => page.length)).toEqual([2, 2, 2]);
    const single = await readPage<Client>(t, dir.pro.token, '/api/clients', { limit: 200 });
    expect(names(pages.flat())).toEqual(names(single.items));
    // The same name but for case: the one written first comes first.
    const sameName = [dir.created[0]?._id, dir.created[2]?._id];
    expect(single.items.map((client) => client._id).slice(1, 3)).toEqual(sameName);
    expect(names(single.items)[0]).toBe('20% Bio_Local');
    expect(single.total).toBe(6);
  });

  it('searches the name, the e-mail, the SIRET as typed with spaces and the city; % and _ are letters', async () => {
    const { token } = dir.pro;
    expect(await search(token, 'q=atelier')).toEqual(['Atelier Lune', 'atelier Lune']);
    expect(await search(token, 'q=epicerie-fine.fr')).toEqual(['Épicerie Fine']);
    // Accents and case aside, both ways (the picker found « Épicerie » from « epicerie » before issue 16).
    expect(await search(token, 'q=EPICERIE%20F')).toEqual(['Épicerie Fine']);
    expect(await search(token, `q=${encodeURIComponent('brèst')}`)).toEqual(['Brasserie du Port']);
    expect(await search(token, `q=${encodeURIComponent('552 100 554')}`)).toEqual(['Zinc & Co']);
    expect(await search(token, 'q=brest')).toEqual(['Brasserie du Port']);
    expect(await search(token, 'q=%25')).toEqual(['20% Bio_Local']);
    expect(await search(token, 'q=_')).toEqual(['20% Bio_Local']);
    expect(await search(token, 'q=introuvable')).toEqual([]);
  });

  it('keeps individuals or businesses, and refuses another type', async () => {
    const { token } = dir.pro;
    expect(await search(token, 'type=entreprise')).toEqual(['Zinc & Co']);
    expect(await search(token, 'type=particulier')).toHaveLength(5);
    expect(await search(token, 'type=entreprise&q=lune')).toEqual([]);
    const bad = await t.request({ method: 'GET', url: '/api/clients?type=societe', token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errorType).toBe('validation_error');
  });

  it('pages on a long name of accented letters, and keeps each directory to its owner', async () => {
    const other = await signedInUser(t);
    const long = 'É'.repeat(199);
    await createClient(t, other.token, { nom: `${long}b` });
    await createClient(t, other.token, { nom: `${long}a` });
    const first = await readPage<Client>(t, other.token, '/api/clients', { limit: 1 });
    expect(names(first.items)).toEqual([`${long}a`]);
    const second = await readPage<Client>(t, other.token, '/api/clients', {
      limit: 1,
      cursor: first.nextCursor,
    });
    expect(second).toEqual({
      items: [expect.objectContaining({ nom: `${long}b` })],
      nextCursor: undefined,
      total: 2,
    });

    // The first directory's cursor, in the second one: only the second one's clients.
    const foreign = (await readPage(t, dir.pro.token, '/api/clients', { limit: 1 })).nextCursor;
    const withIt = await readPage<Client>(t, other.token, '/api/clients', { cursor: foreign });
    expect(withIt.total).toBe(2);
    expect(withIt.items.every((client) => client.nom.startsWith(long))).toBe(true);
    const invoices = await t.request({
      method: 'GET',
      url: `/api/factures?cursor=${foreign}`,
      token: other.token,
    });
    expect(invoices.statusCode).toBe(400);
    expect(invoices.json()).toEqual({ errorType: 'validation_error', message: LIST_MESSAGES.badCursor });
  });

  it('sorts naturally, as a French reader expects: numbers by value, case and accents aside (issue 17)', async () => {
    const pro = await signedInUser(t);
    for (const nom of [
      'Client 10',
      'Zoé',
      'client 2',
      'Élodie Martin',
      'Client 1',
      'Fer & Co',
      'atelier',
      'Eau Vive',
    ]) {
      await createClient(t, pro.token, { nom });
    }
    const expected = [
      'atelier',
      'Client 1',
      'client 2',
      'Client 10',
      'Eau Vive',
      'Élodie Martin',
      'Fer & Co',
      'Zoé',
    ];
    const single = await readPage<Client>(t, pro.token, '/api/clients', { limit: 200 });
    expect(names(single.items)).toEqual(expected);
    // Page by page (the cursor carries the same key), and in the search's results.
    expect(names((await walkPages<Client>(t, pro.token, '/api/clients', 3)).flat())).toEqual(expected);
    const found = await walkPages<Client>(t, pro.token, '/api/clients?q=client%201', 1);
    expect(names(found.flat())).toEqual(['Client 1', 'Client 10']);
  });
});
