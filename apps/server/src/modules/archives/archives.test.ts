import { createHash } from 'node:crypto';
import { ARCHIVE_MESSAGES, type Invoice, type YearlyArchive } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { strFromU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOriginals } from '../../db/schema.js';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice, markInvoiceSent } from '../../test/invoice-requests.js';
import { documentEntryName } from './archive-build.js';
import { askArchive, downloadArchive, progressEvents, settledArchive } from './archive-test-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const thisYear = () => new Date().getFullYear();

async function invoiceFor(token: string, clientId: string): Promise<Invoice> {
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: clientId,
      delaiPaiement: 30,
      lignes: [{ description: 'Atelier', quantite: 2, prixUnitaire: 80 }],
      tauxTVA: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

async function storedPdf(invoiceId: string): Promise<Buffer> {
  const [row] = await t.database.db
    .select()
    .from(invoiceOriginals)
    .where(eq(invoiceOriginals.invoiceId, invoiceId));
  if (!row) throw new Error(`pas d'original pour ${invoiceId}`);
  return Buffer.from(row.pdf);
}

describe('POST /api/archives and the yearly archive job', () => {
  it('zips the year’s issued documents byte for byte, the books and the journal, with progress to the end', async () => {
    const year = thisYear();
    const issuer = await signedInUser(t);
    // Last year's invoice: not in this year's archive.
    t.clock.set(new Date(`${year - 1}-06-15T10:00:00Z`));
    const { client, invoice: lastYear } = await clientWithInvoice(t, issuer.token);
    expect((await markInvoiceSent(t, issuer.token, lastYear._id)).statusCode).toBe(200);
    t.clock.reset();
    const sent = await invoiceFor(issuer.token, client._id);
    expect((await markInvoiceSent(t, issuer.token, sent._id)).statusCode).toBe(200);
    const paid = await invoiceFor(issuer.token, client._id);
    expect((await markInvoiceSent(t, issuer.token, paid._id)).statusCode).toBe(200);
    const credit = await creditInvoice(t, issuer.token, paid._id, { motif: 'Erreur de quantité' });
    expect(credit.statusCode, credit.body).toBe(201);
    const creditNote = credit.json<Invoice>();
    const draft = await invoiceFor(issuer.token, client._id);
    // The original of the sent invoice is fixed now; the archive must serve these very bytes.
    const before = await t.request({
      method: 'GET',
      url: `/api/factures/${sent._id}/pdf`,
      token: issuer.token,
    });
    expect(before.statusCode).toBe(200);

    const asked = await askArchive(t, issuer.token, year);
    expect(asked.statusCode, asked.body).toBe(202);
    const created = asked.json<YearlyArchive>();
    expect(created).toMatchObject({ annee: year, statut: 'en_attente', fait: 0, sha256: null, taille: null });

    const ready = await settledArchive(t, issuer.token, created.id);
    expect(ready.statut).toBe('prete');
    expect(ready.total).toBe(3 + 4);
    expect(ready.fait).toBe(ready.total);

    const { res, entries } = await downloadArchive(t, issuer.token, created.id);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="facturo-archive-${year}.zip"`);
    expect(sha256(res.rawPayload)).toBe(ready.sha256);
    expect(res.rawPayload.length).toBe(ready.taille);

    const names = Object.keys(entries).sort();
    const documents = [sent, paid, creditNote].map((doc) => documentEntryName(doc.numero));
    expect(names).toEqual(
      [
        ...documents,
        `livre-des-recettes-${year}.csv`,
        `registre-des-achats-${year}.csv`,
        `registre-des-numeros-${year}.csv`,
        'journal.json',
        'verification-journal.json',
        'LISEZMOI.txt',
        `${issuer.user.siret?.slice(0, 9)}FEC${year}1231.txt`,
        `${issuer.user.siret?.slice(0, 9)}FEC${year}1231-description.txt`,
      ].sort(),
    );
    expect(names).not.toContain(documentEntryName(draft.numero));
    expect(names).not.toContain(documentEntryName(lastYear.numero));
    // Each PDF is the stored original, byte for byte (the sent one is the very file downloaded before).
    for (const doc of [sent, paid, creditNote]) {
      const bytes = entries[documentEntryName(doc.numero)];
      expect(Buffer.from(bytes ?? []).equals(await storedPdf(doc._id))).toBe(true);
    }
    expect(Buffer.from(entries[documentEntryName(sent.numero)] ?? []).equals(before.rawPayload)).toBe(true);

    // LISEZMOI.txt names every other file with its SHA-256.
    const readme = strFromU8(entries['LISEZMOI.txt'] ?? new Uint8Array());
    expect(readme).toContain(`Archive Facturo de l’année ${year}`);
    for (const name of names.filter((n) => n !== 'LISEZMOI.txt')) {
      expect(readme).toContain(`${sha256(entries[name] ?? new Uint8Array())}  ${name}`);
    }
    const journal = JSON.parse(strFromU8(entries['journal.json'] ?? new Uint8Array())) as {
      emetteur: string;
      entrees: unknown[];
    };
    expect(journal.emetteur).toBe(issuer.user._id);
    // The whole chain of this issuer's documents, every entry of which the verification checked.
    expect(journal.entrees.length).toBeGreaterThan(5);
    const verification = JSON.parse(strFromU8(entries['verification-journal.json'] ?? new Uint8Array()));
    expect(verification).toMatchObject({ valide: true, evenements: journal.entrees.length });
    // The receipts book is the French CSV (BOM first).
    expect(Buffer.from(entries[`livre-des-recettes-${year}.csv`] ?? []).subarray(0, 3)).toEqual(
      Buffer.from([0xef, 0xbb, 0xbf]),
    );

    // The progress went out on the live stream, never backwards, to done = total and « prête ».
    const events = (await progressEvents(t, issuer.user._id)).filter((e) => e.archiveId === created.id);
    expect(events.length).toBeGreaterThanOrEqual(2);
    const done = events.map((e) => e.fait);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(events.at(-1)).toMatchObject({ statut: 'prete', fait: 7, total: 7 });
    expect(events[0]).toMatchObject({ statut: 'en_cours', fait: 0, total: 7 });

    // Listed newest first, without the bytes.
    const list = await t.request({ method: 'GET', url: '/api/archives', token: issuer.token });
    expect(list.statusCode).toBe(200);
    expect(list.json<YearlyArchive[]>().map((a) => a.id)).toEqual([created.id]);
    expect(list.body).not.toContain('"zip"');
  });

  it('answers one archive to two requests at once, with one job', async () => {
    const issuer = await signedInUser(t);
    const [a, b] = await Promise.all([
      askArchive(t, issuer.token, thisYear()),
      askArchive(t, issuer.token, thisYear()),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    const id = a.json<YearlyArchive>().id;
    expect(b.json<YearlyArchive>().id).toBe(id);
    const jobs = await t.database.executeSql(
      `select count(*)::int as n from ${t.jobsSchema}.job where name = 'yearly-archive' and data->>'archiveId' = $1`,
      [id],
    );
    expect(jobs.rows[0]).toEqual({ n: 1 });
    await settledArchive(t, issuer.token, id);
  });

  it('keeps each archive to its owner (404), whatever its state', async () => {
    const owner = await signedInUser(t);
    const other = await signedInUser(t);
    const asked = (await askArchive(t, owner.token, thisYear())).json<YearlyArchive>();
    for (const url of [`/api/archives/${asked.id}`, `/api/archives/${asked.id}/telechargement`]) {
      const res = await t.request({ method: 'GET', url, token: other.token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorType: 'not_found', message: ARCHIVE_MESSAGES.notFound });
    }
    expect((await t.request({ method: 'GET', url: '/api/archives', token: other.token })).json()).toEqual([]);
    const notUuid = await t.request({ method: 'GET', url: '/api/archives/abc', token: owner.token });
    expect(notUuid.statusCode).toBe(404);
    await settledArchive(t, owner.token, asked.id);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/archives/${asked.id}/telechargement`,
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/archives/${asked.id}/telechargement`,
          token: owner.token,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a year out of range, a future year, a particulier and a stranger, in French', async () => {
    const issuer = await signedInUser(t);
    for (const annee of [1999, 'deux mille', 2026.5]) {
      const res = await askArchive(t, issuer.token, annee);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(ARCHIVE_MESSAGES.badYear);
    }
    const future = await askArchive(t, issuer.token, thisYear() + 1);
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({
      errorType: 'validation_error',
      message: ARCHIVE_MESSAGES.futureYear,
    });
    const person = await signedInUser(t, { role: 'particulier', siret: null });
    const refused = await askArchive(t, person.token, thisYear());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorType).toBe('requires_upgrade');
    expect(
      (await t.request({ method: 'POST', url: '/api/archives', body: { annee: 2025 } })).statusCode,
    ).toBe(401);
  });

  it('builds an empty year too: the books and the journal, no documents', async () => {
    const issuer = await signedInUser(t);
    const asked = (await askArchive(t, issuer.token, 2020)).json<YearlyArchive>();
    const ready = await settledArchive(t, issuer.token, asked.id);
    expect(ready).toMatchObject({ statut: 'prete', fait: 4, total: 4 });
    const { entries } = await downloadArchive(t, issuer.token, asked.id);
    expect(Object.keys(entries).filter((name) => name.startsWith('factures/'))).toEqual([]);
    expect(strFromU8(entries['LISEZMOI.txt'] ?? new Uint8Array())).toContain('les 0 documents émis en 2020');
  });

  it('is still made without a SIRET: no FEC (it is named after the SIREN), and LISEZMOI says why', async () => {
    const issuer = await signedInUser(t, { siret: null });
    const asked = (await askArchive(t, issuer.token, 2021)).json<YearlyArchive>();
    expect(await settledArchive(t, issuer.token, asked.id)).toMatchObject({
      statut: 'prete',
      fait: 4,
      total: 4,
    });
    const { entries } = await downloadArchive(t, issuer.token, asked.id);
    expect(Object.keys(entries).filter((name) => name.includes('FEC'))).toEqual([]);
    expect(Object.keys(entries)).toContain('registre-des-achats-2021.csv');
    expect(strFromU8(entries['LISEZMOI.txt'] ?? new Uint8Array())).toContain(
      'Pas de FEC : il porte le SIREN de l’entreprise',
    );
  });

  it('holds only issued documents, and its numbers register explains every other number', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token);
    const sent = await invoiceFor(issuer.token, client._id);
    expect((await markInvoiceSent(t, issuer.token, sent._id)).statusCode).toBe(200);
    const unsent = await invoiceFor(issuer.token, client._id);
    const deleted = await invoiceFor(issuer.token, client._id);
    const removal = await t.request({
      method: 'DELETE',
      url: `/api/factures/${deleted._id}`,
      token: issuer.token,
    });
    expect(removal.statusCode).toBe(204);
    const year = thisYear();
    const asked = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
    const ready = await settledArchive(t, issuer.token, asked.id);
    expect(ready.total).toBe(1 + 4);
    const { entries } = await downloadArchive(t, issuer.token, asked.id);
    expect(Object.keys(entries).filter((name) => name.startsWith('factures/'))).toEqual([
      documentEntryName(sent.numero),
    ]);
    const readme = strFromU8(entries['LISEZMOI.txt'] ?? new Uint8Array());
    expect(readme).toContain('les 1 documents émis');
    expect(readme).toContain('3 numéros attribués, dont 1 émis, 1 brouillon, 1 annulé.');
    const register = strFromU8(entries[`registre-des-numeros-${year}.csv`] ?? new Uint8Array());
    expect(register).toContain(`${unsent.numero};FAC;Facture;`);
    expect(register).toContain('Supprimée avant tout envoi');
  });
});
