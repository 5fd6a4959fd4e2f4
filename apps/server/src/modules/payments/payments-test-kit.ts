import type { Invoice, InvoicePayments } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { notifications } from '../../db/schema.js';
import { parisDate } from '../../lib/paris-date.js';
import { createClient, signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';

/** Test helpers of the payments module (issue 17): an issuer, a platform recipient, a sent invoice. */

export interface Party {
  token: string;
  id: string;
  email: string;
  password: string;
}

export interface Sale {
  issuer: Party;
  recipient: Party;
  invoice: Invoice;
}

/** A new session (after the clock moved past the first one's expiry). */
export async function signIn(t: TestApp, party: Party): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    body: { email: party.email, password: party.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

export async function call(
  t: TestApp,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  return t.request({ method, url: `/api${url}`, token, ...(body === undefined ? {} : { body }) });
}

/** A professional, a particulier on the platform, and an invoice of `euros` (no VAT) sent to them. */
export async function saleOnPlatform(t: TestApp, euros = 100, sent = true): Promise<Sale> {
  const issuer = await signedInUser(t, { prenom: 'Nora', nom: 'Benali' });
  const recipient = await signedInUser(t, {
    role: 'particulier',
    siret: null,
    prenom: 'Jeanne',
    nom: 'Martin',
  });
  const client = await createClient(t, issuer.token, { nom: 'Jeanne Martin', email: recipient.user.email });
  const created = await call(t, issuer.token, 'POST', '/factures', {
    client: client._id,
    delaiPaiement: 30,
    lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: euros }],
    tauxTVA: 0,
  });
  expect(created.statusCode, created.body).toBe(201);
  const invoice = created.json<Invoice>();
  if (sent) {
    const res = await call(t, issuer.token, 'POST', `/factures/${invoice._id}/send-internal`);
    expect(res.statusCode, res.body).toBe(200);
  }
  return {
    issuer: { token: issuer.token, id: issuer.user._id, email: issuer.user.email, password: issuer.password },
    recipient: {
      token: recipient.token,
      id: recipient.user._id,
      email: recipient.user.email,
      password: recipient.password,
    },
    invoice,
  };
}

export const payment = (montant: number | string, more: Record<string, unknown> = {}) => ({
  datePaiement: parisDate(new Date()),
  montant,
  methode: 'virement',
  reference: 'VIR-001',
  ...more,
});

export async function pay(t: TestApp, token: string, invoiceId: string, montant: number | string) {
  return call(t, token, 'POST', `/factures/${invoiceId}/paiements`, payment(montant));
}

export async function paymentsOf(t: TestApp, token: string, invoiceId: string): Promise<InvoicePayments> {
  const res = await call(t, token, 'GET', `/factures/${invoiceId}/paiements`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoicePayments>();
}

export async function invoiceOf(t: TestApp, token: string, invoiceId: string): Promise<Invoice> {
  const res = await call(t, token, 'GET', `/factures/${invoiceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Invoice>();
}

/** The notifications of one kind a user received (read in the table: the centre's API is its own lane's). */
export async function notificationsOf(
  t: TestApp,
  userId: string,
  kind: 'paiement_declare' | 'facture_payee',
) {
  return t.database.db
    .select({ titre: notifications.titre, lien: notifications.lien })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)));
}
