import { type Invoice, retentionEndOf, type User } from '@facturo/shared';
import { count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clients,
  conversations,
  invoiceCounters,
  invoices,
  journalEntries,
  journalHeads,
  purchases,
  quotes,
  supplierInvoices,
  yearlyArchives,
} from '../../db/schema.js';
import { receivedSupplierInvoice, ublInvoice, uploadEInvoice } from '../../test/einvoice-samples.js';
import { clientWithInvoice, createClient, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { call, type Party, pay, saleOnPlatform, signIn } from '../payments/payments-test-kit.js';
import { createPurchase, SAMPLE_PDF, uploadReceipt } from '../purchases/purchases-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** DELETE /users/me with the password, then the same address and password signed in again. */
async function closeAndSignIn(party: Party): Promise<{ status: number; user?: User; token?: string }> {
  const closing = await call(t, party.token, 'DELETE', '/users/me', { password: party.password });
  expect(closing.statusCode, closing.body).toBe(204);
  const login = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: party.email, password: party.password },
  });
  if (login.statusCode !== 200) return { status: login.statusCode };
  const { user, token } = login.json<{ user: User; token: string }>();
  return { status: 200, user, token };
}

async function professional(): Promise<Party> {
  const { user, token, password } = await signedInUser(t);
  return { token, id: user._id, email: user.email, password };
}

describe('the archive is kept for ten years from the latest date of any book', () => {
  it('an account with only purchases keeps an archive until ten years after the purchase’s year', async () => {
    const buyer = await professional();
    await createPurchase(t, buyer.token, { dateAchat: '2024-05-02' });
    const archive = await closeAndSignIn(buyer);
    expect(archive.status).toBe(200);
    expect(archive.user?.consultationSeuleJusquAu).toBe(retentionEndOf(2024));
  });

  it('before closing, GET /users/me/cloture says until when the archive would be kept', async () => {
    const fresh = await professional();
    const nothing = await call(t, fresh.token, 'GET', '/users/me/cloture');
    expect(nothing.json()).toEqual({ conservationJusquAu: null });
    await createPurchase(t, fresh.token, { dateAchat: '2025-01-15' });
    const kept = await call(t, fresh.token, 'GET', '/users/me/cloture');
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toEqual({ conservationJusquAu: retentionEndOf(2025) });
  });

  it('an account with only a received supplier invoice keeps it from the invoice’s date', async () => {
    const buyer = await professional();
    const uploaded = await uploadEInvoice(t, buyer.token, ublInvoice({ issueDate: '2023-02-14' }), 'f.xml');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const archive = await closeAndSignIn(buyer);
    expect(archive.user?.consultationSeuleJusquAu).toBe(retentionEndOf(2023));
  });

  it('a payment received a year after the invoice moves the end to that year', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 80);
    // Issued at the end of 2022, paid today: the receipts book holds this year.
    await t.database.db
      .update(invoices)
      .set({ dateEmission: '2022-12-20' })
      .where(eq(invoices.id, invoice._id));
    expect((await pay(t, issuer.token, invoice._id, 80)).statusCode).toBe(201);
    const thisYear = Number(new Date().toISOString().slice(0, 4));
    const archive = await closeAndSignIn(issuer);
    expect(archive.user?.consultationSeuleJusquAu).toBe(retentionEndOf(thisYear));
  });

  it('a ready yearly archive counts for its year', async () => {
    const seller = await professional();
    await t.database.db.insert(yearlyArchives).values({ userId: seller.id, year: 2021, status: 'prete' });
    const archive = await closeAndSignIn(seller);
    expect(archive.user?.consultationSeuleJusquAu).toBe(retentionEndOf(2021));
  });
});

describe('« Supprimer définitivement » erases what is the holder’s alone', () => {
  it('erases every book’s rows, keeps the invoice a recipient holds, and signs in no more', async () => {
    const { issuer, recipient, invoice: held } = await saleOnPlatform(t, 120);
    // Beside the held invoice: one sent by e-mail (no recipient account), a draft, a quote, an unused
    // client, a purchase with its receipt, a received supplier invoice and a yearly archive.
    const { invoice: mailed } = await clientWithInvoice(t, issuer.token);
    const marked = await call(t, issuer.token, 'PUT', `/factures/${mailed._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const { invoice: draft, client: draftClient } = await clientWithInvoice(t, issuer.token);
    const quote = await call(t, issuer.token, 'POST', '/devis', {
      client: draftClient._id,
      lignes: [{ description: 'Étude', quantite: 1, prixUnitaire: 300 }],
      tauxTVA: 0,
    });
    expect(quote.statusCode, quote.body).toBe(201);
    await createClient(t, issuer.token, { nom: 'Jamais facturé' });
    const purchase = await createPurchase(t, issuer.token);
    expect(
      (await uploadReceipt(t, issuer.token, purchase._id, SAMPLE_PDF, { name: 'r.pdf' })).statusCode,
    ).toBe(200);
    await receivedSupplierInvoice(t, issuer.token);
    await t.database.db.insert(yearlyArchives).values({ userId: issuer.id, year: 2025, status: 'prete' });

    // The journal holds the issuer's numbers, and cannot be removed while the archive is readable.
    expect(await BOOKS.journalEntries(issuer.id)).toBeGreaterThan(0);
    const archive = await closeAndSignIn(issuer);
    expect(archive.status).toBe(200);
    await expect(
      t.database.db.delete(journalEntries).where(eq(journalEntries.issuerId, issuer.id)),
    ).rejects.toThrow();
    const erased = await call(t, archive.token ?? '', 'DELETE', '/users/me/archive', {
      password: issuer.password,
      archiveTelechargee: true,
    });
    expect(erased.statusCode, erased.body).toBe(204);

    const db = t.database.db;
    for (const book of Object.keys(BOOKS) as (keyof typeof BOOKS)[]) {
      expect(await BOOKS[book](issuer.id), book).toBe(0);
    }
    const left = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.issuerId, issuer.id));
    expect(left.map((row) => row.id)).toEqual([held._id]);
    const gone = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(inArray(invoices.id, [mailed._id, draft._id]));
    expect(gone).toEqual([]);
    // Only the client the held invoice names is left.
    const owned = await db.select({ id: clients.id }).from(clients).where(eq(clients.ownerId, issuer.id));
    expect(owned.map((row) => row.id)).toEqual([held.client._id]);

    // The recipient still reads the invoice, its PDF and its thread, the issuer shown closed.
    const read = await call(t, recipient.token, 'GET', `/factures/${held._id}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<Invoice>().contrepartie.etat).toBe('cloture');
    const pdf = await call(t, recipient.token, 'GET', `/factures/${held._id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    const [thread] = await db
      .select({ n: count() })
      .from(conversations)
      .where(eq(conversations.invoiceId, held._id));
    expect(thread?.n).toBeLessThanOrEqual(1);

    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: issuer.email, password: issuer.password },
    });
    expect(again.statusCode).toBe(401);
    // The recipient's own sign-in is untouched.
    expect(await signIn(t, recipient)).toEqual(expect.any(String));
  });
});

/** Each book's rows of a user, erased with the archive. */
const BOOKS = {
  purchases: (userId: string) => rowCount(purchases, eq(purchases.userId, userId)),
  supplierInvoices: (userId: string) => rowCount(supplierInvoices, eq(supplierInvoices.userId, userId)),
  yearlyArchives: (userId: string) => rowCount(yearlyArchives, eq(yearlyArchives.userId, userId)),
  quotes: (userId: string) => rowCount(quotes, eq(quotes.issuerId, userId)),
  invoiceCounters: (userId: string) => rowCount(invoiceCounters, eq(invoiceCounters.issuerId, userId)),
  journalEntries: (userId: string) => rowCount(journalEntries, eq(journalEntries.issuerId, userId)),
  journalHeads: (userId: string) => rowCount(journalHeads, eq(journalHeads.issuerId, userId)),
};

async function rowCount(table: PgTable, where: SQL): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}
