import { frenchVatNumber, type Invoice, type InvoicePayments } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, platformFlows, users } from '../../../db/schema.js';
import { parisDate } from '../../../lib/paris-date.js';
import { ublInvoice } from '../../../test/einvoice-samples.js';
import { createClient, signedInUser, uniqueSiret } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { receiveSupplierInvoice } from '../../supplier-invoices/receive-supplier-invoice.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import { cdarXml } from '../cdar/cdar-xml.js';
import { applyReceivedStatus } from './apply-received-status.js';
import { invoiceCdarParties } from './cdar-of-document.js';

/**
 * The CDAR messages Facturo writes for its user's statuses, read back from the queued flow: their parties
 * are the invoice's (its seller's and buyer's names and identifiers as the invoice gives them, never the
 * account holder's current name), 212 carries the amounts collected per rate (MEN) and 211 the amount paid
 * (MPA) with its day.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The CDAR queued for a document, as the platform will receive it. */
async function queuedCdar(where: { invoiceId: string } | { supplierInvoiceId: string }) {
  const [flow] = await t.database.db
    .select()
    .from(platformFlows)
    .where(
      and(
        eq(platformFlows.kind, 'cdar'),
        'invoiceId' in where
          ? eq(platformFlows.invoiceId, where.invoiceId)
          : eq(platformFlows.supplierInvoiceId, where.supplierInvoiceId),
      ),
    );
  expect(flow).toBeDefined();
  const xml = flow?.content.toString('utf8') ?? '';
  return { xml, message: parseCdar(xml) };
}

describe('the CDAR of a status the seller sets (212 Encaissée)', () => {
  it('names the invoice’s seller and buyer, and carries the amount collected per VAT rate', async () => {
    const sellerSiret = uniqueSiret();
    const { token, user } = await signedInUser(t, {
      prenom: 'Alice',
      nom: 'Durand',
      siret: sellerSiret,
      regimeTva: 'reel',
      tvaIntracommunautaire: frenchVatNumber(sellerSiret.slice(0, 9)),
    });
    const buyerSiret = uniqueSiret();
    const client = await createClient(t, token, {
      nom: 'Imprimerie Lenoir SAS',
      type: 'entreprise',
      siret: buyerSiret,
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/factures',
      token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [
          { description: 'Affiches', quantite: 1, prixUnitaire: 1000, tauxTVA: 20 },
          { description: 'Livres', quantite: 1, prixUnitaire: 100, tauxTVA: 5.5 },
        ],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json<Invoice>();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/plateforme-agreee`,
      token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    // The platform took the invoice (its flow id, as the submission job writes it).
    await t.database.db
      .update(platformFlows)
      .set({ flowId: `flux-${invoice._id}`, state: 'deposee' })
      .where(eq(platformFlows.invoiceId, invoice._id));
    // The account holder changes their name afterwards: the invoice, and its statuses, keep the one it bears.
    await t.database.db.update(users).set({ prenom: 'Alicia', nom: 'Martin' }).where(eq(users.id, user._id));

    const today = parisDate(t.clock.now());
    const paid = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/paiements`,
      token,
      body: { datePaiement: today, montant: 1305.5, methode: 'virement', reference: 'VIR' },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const { xml, message } = await queuedCdar({ invoiceId: invoice._id });
    const seller = {
      role: 'vendeur',
      name: 'Alice Durand EI',
      siren: sellerSiret.slice(0, 9),
      siret: sellerSiret,
    };
    const buyer = {
      role: 'acheteur',
      name: 'Imprimerie Lenoir SAS',
      siren: buyerSiret.slice(0, 9),
      siret: buyerSiret,
    };
    expect(message).toMatchObject({
      statusCode: 212,
      sender: seller,
      recipient: buyer,
      invoice: { numero: invoice.numero, typeCode: '380', seller, buyer },
      // 1 200 € at 20 % and 105,50 € at 5,5 %: paid in full, collected per rate.
      payment: {
        amountCents: 130_550,
        date: today,
        vatParts: [
          { ratePercent: 20, amountCents: 120_000 },
          { ratePercent: 5.5, amountCents: 10_550 },
        ],
      },
    });
    expect(xml).not.toContain('Martin');
    expect(xml).not.toContain('MPA');
  });
});

describe('the CDAR of a status the buyer sets (211 Paiement transmis)', () => {
  it('names the received invoice’s parties and carries the amount paid (MPA) and its day', async () => {
    const { token, user } = await signedInUser(t, { prenom: 'Bruno', nom: 'Petit' });
    const received = await t.database.db.transaction((tx) =>
      receiveSupplierInvoice(tx, {
        userId: user._id,
        content: Buffer.from(ublInvoice({ numero: 'PF-211' })),
        fileName: 'flux.xml',
        source: 'plateforme',
        flowId: `flux-${user._id}`,
        at: t.clock.now(),
      }),
    );
    const id = received.invoice.id;
    const today = parisDate(t.clock.now());
    const paid = await t.request({
      method: 'POST',
      url: `/api/factures-fournisseurs/${id}/paiement`,
      token,
      body: { datePaiement: today, montant: 1000 },
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const { xml, message } = await queuedCdar({ supplierInvoiceId: id });
    const buyer = {
      role: 'acheteur',
      name: 'Atelier Dupont',
      siren: user.siret?.slice(0, 9),
      siret: user.siret,
    };
    const seller = { role: 'vendeur', name: 'Papeterie Martin & Fils SARL', siren: '732829320' };
    expect(message).toMatchObject({
      statusCode: 211,
      sender: buyer,
      recipient: seller,
      invoice: { numero: 'PF-211', seller, buyer },
      payment: { amountCents: 100_000, date: today },
    });
    expect(message.payment?.vatParts).toBeUndefined();
    expect(xml).toContain('<ram:TypeCode>MPA</ram:TypeCode>');
    expect(xml).not.toContain('MEN');
    expect(xml).not.toContain('Bruno');
  });
});

describe('a 211 received from the buyer’s platform', () => {
  it('gives the seller a declared payment of the amount paid (MPA) on its day', async () => {
    const { token, user } = await signedInUser(t);
    const client = await createClient(t, token, {
      nom: 'Imprimerie Lenoir SAS',
      type: 'entreprise',
      siret: uniqueSiret(),
    });
    const created = await t.request({
      method: 'POST',
      url: '/api/factures',
      token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: [{ description: 'Affiches', quantite: 1, prixUnitaire: 900 }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const invoice = created.json<Invoice>();
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/plateforme-agreee`,
      token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const [row] = await t.database.db.select().from(invoices).where(eq(invoices.id, invoice._id));
    if (!row) throw new Error('invoice not stored');
    const { seller, buyer } = invoiceCdarParties(row);
    // The buyer's solution writes it; Facturo reads the flow's bytes, as the platform delivers them.
    const xml = cdarXml({
      id: 'PA-211-1',
      issuedAt: t.clock.now(),
      statusCode: 211,
      sender: buyer,
      recipient: seller,
      invoice: { numero: row.numero, issueDate: row.dateEmission, typeCode: '380', seller, buyer },
      payment: { amountCents: 40_000, date: '2026-11-20' },
    });
    expect(xml).toContain('<ram:TypeCode>MPA</ram:TypeCode>');
    const applied = await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, user._id, parseCdar(xml), 'flux-211-mpa', t.clock.now()),
    );
    expect(applied).toBe(true);
    const payments = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}/paiements`, token });
    expect(payments.json<InvoicePayments>().paiements).toMatchObject([
      { statut: 'declare', montant: 400, datePaiement: '2026-11-20', source: 'destinataire' },
    ]);
  });
});
