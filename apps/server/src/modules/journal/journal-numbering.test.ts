import type { Invoice } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { insertNumberedInvoices } from '../invoices/invoice-creation.repo.js';
import { journalContent } from './journal-append.js';
import { entriesOf, verificationOf } from './journal-test-kit.js';

/*
 * The batched numbering statement (invoice-creation.repo.ts): several invoices numbered in one statement,
 * each journalled in that statement, in number order, with the content journalContent would write.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

describe('the numbering statement journals what it numbers', () => {
  it('writes one entry per invoice of a batch, in number order, byte for byte', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    if (!stored) throw new Error('no invoice');
    const { id: _id, numero: _n, year, sequence: _s, createdAt: _c, updatedAt: _u, ...template } = stored;
    const at = new Date('2026-06-15T08:00:00Z');
    const batch = ['A', 'B', 'C'].map((objet, i) => ({
      values: { ...template, objet, totalTtcCents: 1000 * (i + 1) },
      at,
    }));
    const rows = await insertNumberedInvoices(t.database.db, batch, year);
    expect(rows.map((r) => r.objet)).toEqual(['A', 'B', 'C']);

    const entries = (await entriesOf(t, issuer.user._id)).slice(1);
    expect(entries.map((e) => e.numero)).toEqual(rows.map((r) => r.numero));
    for (const [i, entry] of entries.entries()) {
      const row = rows[i] as (typeof rows)[number];
      expect(entry).toMatchObject({ kind: 'numero_attribue', documentType: 'facture', documentId: row.id });
      expect(entry.content).toBe(
        journalContent({
          issuerId: issuer.user._id,
          kind: 'numero_attribue',
          document: { type: 'facture', id: row.id, numero: row.numero },
          at,
          details: { montantTtcCents: 1000 * (i + 1), statut: row.issuerStatus },
        }),
      );
    }
    expect(await verificationOf(t, issuer.token)).toMatchObject({ valide: true, evenements: 4 });
  });

  it('journals nothing when the statement fails', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    if (!stored) throw new Error('no invoice');
    const { id: _id, numero: _n, year, sequence: _s, createdAt: _c, updatedAt: _u, ...template } = stored;
    const at = new Date();
    // The second one names a client that does not exist: the whole statement fails.
    const batch = [
      { values: { ...template, objet: 'ok' }, at },
      { values: { ...template, objet: 'ko', clientId: invoice._id }, at },
    ];
    await expect(insertNumberedInvoices(t.database.db, batch, year)).rejects.toThrow();
    expect((await entriesOf(t, issuer.user._id)).map((e) => e.numero)).toEqual([(invoice as Invoice).numero]);
  });
});
