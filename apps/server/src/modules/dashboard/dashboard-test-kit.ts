import { randomUUID } from 'node:crypto';
import type { Client, InvoiceType } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { invoices, payments } from '../../db/schema.js';
import { signedInUser } from '../../test/factories.js';
import type { TestApp } from '../../test/harness.js';
import { invoiceRow } from '../../test/invoice-row.js';
import { insertInvoice } from '../invoices/invoices.repo.js';

/*
 * Writes the dashboard's inputs straight to the database: these tests are about what the figures count, not
 * about issuing invoices or recording payments (the payments lane's routes; until they land, a payment is a
 * row here, with invoices.paid_cents kept in the same transaction as the contract says).
 */

export interface SeededIssuer {
  token: string;
  userId: string;
}

export async function professional(t: TestApp): Promise<SeededIssuer> {
  const pro = await signedInUser(t);
  return { token: pro.token, userId: pro.user._id };
}

export async function clientOf(t: TestApp, issuer: SeededIssuer, nom: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/clients',
    token: issuer.token,
    body: {
      nom,
      email: `${randomUUID()}@client.test`,
      adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes' },
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Client>()._id;
}

let sequence = 0;

export interface SeedInvoice {
  issuerId: string;
  clientId: string;
  clientName?: string;
  euros: number;
  type?: InvoiceType;
  dateEmission: string;
  dateEcheance?: string;
  /** Sent (the default), or still only « créée ». */
  sent?: boolean;
  issuerStatus?: 'creee' | 'brouillon' | 'envoyee' | 'payee' | 'annulee';
  prepaidEuros?: number;
  creditedInvoiceId?: string;
  recipientId?: string;
}

/** An issued invoice (or deposit, or credit note) of `euros` TTC; returns its id. */
export async function seedInvoice(t: TestApp, values: SeedInvoice): Promise<string> {
  const cents = Math.round(values.euros * 100);
  const sent = values.sent ?? true;
  sequence += 1;
  const row = await insertInvoice(
    t.database.db,
    invoiceRow({
      id: randomUUID(),
      type: values.type ?? 'facture',
      issuerId: values.issuerId,
      clientId: values.clientId,
      recipientId: values.recipientId ?? null,
      numero: `${values.type === 'avoir' ? 'AV' : 'FAC'}-T-${String(sequence).padStart(5, '0')}`,
      year: Number(values.dateEmission.slice(0, 4)),
      sequence: 100_000 + sequence,
      dateEmission: values.dateEmission,
      dateEcheance: values.dateEcheance ?? values.dateEmission,
      issuerStatus: values.issuerStatus ?? (sent ? 'envoyee' : 'creee'),
      sentAt: sent ? new Date(`${values.dateEmission}T12:00:00Z`) : null,
      prepaidCents: Math.round((values.prepaidEuros ?? 0) * 100),
      creditedInvoiceId: values.creditedInvoiceId ?? null,
      lines: [
        { description: 'Prestation', quantityThousandths: 1000, unitPriceCents: cents, totalCents: cents },
      ],
      totalHtCents: cents,
      totalTtcCents: cents,
      clientSnapshot: {
        nom: values.clientName ?? 'Client',
        email: 'client@exemple.fr',
        telephone: '',
        siret: null,
        adresse: { rue: '1 rue Haute', codePostal: '44000', ville: 'Nantes', pays: 'France' },
      },
    }),
  );
  return row.id;
}

/** A payment row; a confirmed one adds to invoices.paid_cents in the same transaction. */
export async function seedPayment(
  t: TestApp,
  invoiceId: string,
  issuerId: string,
  { euros, date, status = 'confirme' }: { euros: number; date: string; status?: 'confirme' | 'declare' },
): Promise<void> {
  const cents = Math.round(euros * 100);
  await t.database.db.transaction(async (tx) => {
    await tx.insert(payments).values({
      invoiceId,
      issuerId,
      datePaiement: date,
      amountCents: cents,
      method: 'virement',
      status,
      source: status === 'confirme' ? 'emetteur' : 'destinataire',
    });
    if (status === 'confirme') {
      await tx
        .update(invoices)
        .set({ paidCents: sql`${invoices.paidCents} + ${cents}` })
        .where(sql`${invoices.id} = ${invoiceId}`);
    }
  });
}
