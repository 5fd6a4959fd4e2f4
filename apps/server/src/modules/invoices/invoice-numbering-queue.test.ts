import { randomUUID } from 'node:crypto';
import type { Invoice } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceCounters, invoices } from '../../db/schema.js';
import { parisDate } from '../../lib/paris-date.js';
import { createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import type { UnnumberedInvoice } from './invoice-creation.repo.js';
import { insertNumberedInvoiceQueued } from './invoice-numbering-queue.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const year = () => Number(parisDate(new Date()).slice(0, 4));
const numero = (n: number) => `FAC-${year()}-${String(n).padStart(4, '0')}`;

const create = (token: string, client: string, objet: string) =>
  t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client,
      objet,
      delaiPaiement: 30,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 10 }],
    },
  });

/** A new issuer's first invoice, as stored, without what the numbering statement decides: values to insert again. */
async function storedTemplate() {
  const issuer = await signedInUser(t);
  const client = await createClient(t, issuer.token);
  const first = (await create(issuer.token, client._id, 'Modèle')).json<Invoice>();
  const [stored] = await t.database.db.select().from(invoices).where(eq(invoices.id, first._id));
  if (!stored) throw new Error('no invoice');
  const { id: _id, numero: _n, year: _y, sequence: _s, createdAt: _c, updatedAt: _u, ...template } = stored;
  return { issuer, template: template satisfies UnnumberedInvoice };
}

describe('creations of one issuer grouped while one of theirs is written (issue 16)', () => {
  it('answers each request with its own invoice, numbered in one series without gap', async () => {
    const issuer = await signedInUser(t);
    const client = await createClient(t, issuer.token);
    const objets = Array.from({ length: 20 }, (_, i) => `Commande ${i}`);
    const answers = await Promise.all(objets.map((objet) => create(issuer.token, client._id, objet)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    const created = answers.map((a) => a.json<Invoice>());
    expect(created.map((invoice) => invoice.objet)).toEqual(objets);
    expect(created.map((invoice) => invoice.numero).sort()).toEqual(objets.map((_, i) => numero(i + 1)));
    // A value left empty is SQL NULL, not the JSON null a jsonb encoder would write.
    const { rows } = await t.database.executeSql(
      `SELECT count(*)::int AS json_nulls FROM invoices
       WHERE issuer_id = $1 AND jsonb_typeof(delivery_address) = 'null'`,
      [issuer.user._id],
    );
    expect(rows[0]?.json_nulls).toBe(0);
    // What each answer says is what was stored under its number.
    for (const invoice of created) {
      const read = await t.request({
        method: 'GET',
        url: `/api/factures/${invoice._id}`,
        token: issuer.token,
      });
      expect(read.json()).toEqual(invoice);
    }
  });

  it('returns the row as stored, defaults and NULLs included', async () => {
    const { template } = await storedTemplate();
    // One column left to its default (undefined) and one written as NULL: both come from the database.
    const returned = await insertNumberedInvoiceQueued(
      t.database.db,
      { ...template, objet: 'Copie', paidAt: undefined, deliveryAddress: null },
      year(),
    );
    const [reread] = await t.database.db.select().from(invoices).where(eq(invoices.id, returned.id));
    expect(returned).toEqual(reread);
    expect(returned.numero).toBe(numero(2));
  });

  it('fails only the invoice that cannot be written, and takes no number for it', async () => {
    const { issuer, template } = await storedTemplate();
    const values = (objet: string, clientId = template.clientId): UnnumberedInvoice => ({
      ...template,
      objet,
      clientId,
    });
    const results = await Promise.allSettled([
      insertNumberedInvoiceQueued(t.database.db, values('A'), year()),
      insertNumberedInvoiceQueued(t.database.db, values('B'), year()),
      // No such client: the foreign key refuses this one, in the same group as C and D.
      insertNumberedInvoiceQueued(t.database.db, values('X', randomUUID()), year()),
      insertNumberedInvoiceQueued(t.database.db, values('C'), year()),
      insertNumberedInvoiceQueued(t.database.db, values('D'), year()),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const written = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(written.map((row) => row.objet)).toEqual(['A', 'B', 'C', 'D']);
    expect(written.map((row) => row.numero).sort()).toEqual([2, 3, 4, 5].map(numero));
    const [counter] = await t.database.db
      .select()
      .from(invoiceCounters)
      .where(and(eq(invoiceCounters.issuerId, issuer.user._id), eq(invoiceCounters.year, year())));
    expect(counter?.lastNumber).toBe(5);
  });
});
