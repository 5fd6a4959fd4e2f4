import { randomUUID } from 'node:crypto';
import type { Invoice, InvoiceLifecycle, InvoicePayments, PlatformSendResponse } from '@facturo/shared';
import { PLATFORM_SENDING_MESSAGES } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceOriginals, journalEntries, platformFlows } from '../../../db/schema.js';
import { parisDate } from '../../../lib/paris-date.js';
import { createClient, signedInUser, uniqueSiret } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { creditInvoice } from '../../../test/invoice-requests.js';
import type { CdarMessage } from '../cdar/cdar-message.js';
import { applyReceivedStatus } from '../lifecycle/apply-received-status.js';

/**
 * Issue 19, the seller's side: « Envoyer via la plateforme » over HTTP (the flow queued in the sending's
 * transaction, with the stored original), the refusals, 212 Encaissée on each payment, and the buyer's
 * statuses arriving (applyReceivedStatus) on the seller's timeline.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function businessInvoice(token: string, clientOverrides: Record<string, unknown> = {}) {
  const client = await createClient(t, token, {
    nom: 'Atelier Dupont SARL',
    type: 'entreprise',
    siret: uniqueSiret(),
    ...clientOverrides,
  });
  const res = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Développement', quantite: 2, prixUnitaire: 300 }],
      tauxTVA: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

const send = (token: string, id: string) =>
  t.request({ method: 'POST', url: `/api/factures/${id}/plateforme-agreee`, token });
const lifecycleOf = async (token: string, id: string) => {
  const res = await t.request({ method: 'GET', url: `/api/factures/${id}/cycle-de-vie`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoiceLifecycle>();
};

async function flowsOf(invoiceId: string) {
  return t.database.db.select().from(platformFlows).where(eq(platformFlows.invoiceId, invoiceId));
}

describe('Envoyer via la plateforme', () => {
  it('marks the invoice sent, fixes its original and queues that exact PDF for the platform, once', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    const before = await lifecycleOf(token, invoice._id);
    expect(before).toMatchObject({ envoyable: true, motif: null, envoi: null, evenements: [] });
    expect(before.sirenClient).toMatch(/^\d{9}$/);

    const res = await send(token, invoice._id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PlatformSendResponse>();
    expect(body.dejaEnvoyee).toBe(false);
    expect(body.cycleDeVie.envoi).toMatchObject({ etat: 'a_envoyer' });

    const sent = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}`, token });
    expect(sent.json<Invoice>()).toMatchObject({ statutEmetteur: 'envoyee', verrouillee: true });
    const [flow] = await flowsOf(invoice._id);
    const [original] = await t.database.db
      .select()
      .from(invoiceOriginals)
      .where(eq(invoiceOriginals.invoiceId, invoice._id));
    expect(flow).toMatchObject({
      kind: 'facture',
      syntax: 'Factur-X',
      direction: 'sortant',
      fileName: `${invoice.numero}.pdf`,
    });
    expect(flow?.sha256).toBe(original?.sha256);
    expect(Buffer.from(flow?.content ?? []).equals(Buffer.from(original?.pdf ?? []))).toBe(true);
    const journal = await t.database.db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.documentId, invoice._id), eq(journalEntries.kind, 'emission')));
    expect(journal).toHaveLength(1);
    expect(journal[0]?.pdfSha256).toBe(original?.sha256);

    const again = await send(token, invoice._id);
    expect(again.statusCode).toBe(200);
    expect(again.json<PlatformSendResponse>().dejaEnvoyee).toBe(true);
    expect(await flowsOf(invoice._id)).toHaveLength(1);
  });

  it('refuses, and leaves unsent, an invoice to an individual or to a foreign business', async () => {
    const { token } = await signedInUser(t);
    const toIndividual = await businessInvoice(token, {
      type: 'particulier',
      siret: null,
      nom: 'Jeanne Petit',
    });
    const abroad = await businessInvoice(token, {
      siret: null,
      // No VAT number: with one, a franchise seller's services to it are reverse-charged and need its own.
      adresse: { rue: 'Hauptstraße 1', codePostal: '10115', ville: 'Berlin', pays: 'DE' },
    });
    for (const invoice of [toIndividual, abroad]) {
      const res = await send(token, invoice._id);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        errorType: 'conflict',
        message: PLATFORM_SENDING_MESSAGES.notBusiness,
      });
      expect((await lifecycleOf(token, invoice._id)).envoyable).toBe(false);
      expect(await flowsOf(invoice._id)).toHaveLength(0);
    }
  });

  it('answers 404 for another professional’s invoice and for an unknown one', async () => {
    const { token } = await signedInUser(t);
    const { token: other } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    for (const url of [
      `/api/factures/${invoice._id}/plateforme-agreee`,
      `/api/factures/${randomUUID()}/plateforme-agreee`,
    ]) {
      const res = await t.request({ method: 'POST', url, token: other });
      expect(res.statusCode).toBe(404);
    }
    const read = await t.request({
      method: 'GET',
      url: `/api/factures/${invoice._id}/cycle-de-vie`,
      token: other,
    });
    expect(read.statusCode).toBe(404);
  });
});

describe('the seller’s lifecycle', () => {
  it('reports 212 Encaissée with the amount and day of each payment of an invoice sent through the platform', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    expect((await send(token, invoice._id)).statusCode).toBe(200);
    const today = parisDate(t.clock.now());
    const pay = (montant: number) =>
      t.request({
        method: 'POST',
        url: `/api/factures/${invoice._id}/paiements`,
        token,
        body: { datePaiement: today, montant, methode: 'virement', reference: 'VIR' },
      });
    expect((await pay(200)).statusCode).toBe(201);
    expect((await pay(400)).statusCode).toBe(201);
    const events = (await lifecycleOf(token, invoice._id)).evenements;
    expect(events.map((e) => [e.code, e.acteur, e.montant, e.datePaiement])).toEqual([
      [212, 'vendeur', 200, today],
      [212, 'vendeur', 400, today],
    ]);
  });

  it('reports nothing for an invoice sent by e-mail', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    const mailed = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-email`,
      token,
      body: { to: 'compta@exemple.fr', subject: 'Facture', message: 'Bonjour' },
    });
    expect(mailed.statusCode, mailed.body).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/paiements`,
      token,
      body: { datePaiement: parisDate(t.clock.now()), montant: 600, methode: 'virement', reference: 'VIR' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await lifecycleOf(token, invoice._id)).evenements).toEqual([]);
  });

  it('takes the buyer’s refusal once, with its reason, and advises a credit note until one cancels the invoice', async () => {
    const { token, user } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    expect((await send(token, invoice._id)).statusCode).toBe(200);
    const siren = (await lifecycleOf(token, invoice._id)).sirenClient ?? '';
    const refusal = buyerMessage(invoice, user.siret ?? '', siren, {
      statusCode: 210,
      reason: { code: 'MONTANTTOTAL_ERR', text: 'Le montant ne correspond pas au devis' },
    });
    const at = t.clock.now();
    for (let i = 0; i < 2; i++) {
      const applied = await t.database.db.transaction((tx) =>
        applyReceivedStatus(tx, user._id, refusal, 'flux-refus-1', at),
      );
      expect(applied).toBe(true);
    }
    const lifecycle = await lifecycleOf(token, invoice._id);
    expect(lifecycle.evenements).toHaveLength(1);
    expect(lifecycle.evenements[0]).toMatchObject({
      code: 210,
      libelle: 'Refusée',
      acteur: 'acheteur',
      motifCode: 'MONTANTTOTAL_ERR',
      motif: 'Le montant ne correspond pas au devis',
    });
    expect(lifecycle.avoirConseille).toBe(true);
    const notes = await t.request({ method: 'GET', url: '/api/notifications', token });
    expect(notes.body).toContain(
      `Facture ${invoice.numero} : 210 Refusée : Le montant ne correspond pas au devis`,
    );

    expect((await creditInvoice(t, token, invoice._id, { motif: 'Refusée par le client' })).statusCode).toBe(
      201,
    );
    expect((await lifecycleOf(token, invoice._id)).avoirConseille).toBe(false);
  });

  it('turns the buyer’s 211 « Paiement transmis » into a declared payment whose confirmation reports 212', async () => {
    const { token, user } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    expect((await send(token, invoice._id)).statusCode).toBe(200);
    const siren = (await lifecycleOf(token, invoice._id)).sirenClient ?? '';
    const day = parisDate(t.clock.now());
    const paid = buyerMessage(invoice, user.siret ?? '', siren, {
      statusCode: 211,
      payment: { amountCents: 60_000, date: day },
    });
    await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, user._id, paid, 'flux-211', t.clock.now()),
    );
    const payments = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}/paiements`, token });
    const declared = payments.json<InvoicePayments>().paiements;
    expect(declared).toMatchObject([
      { statut: 'declare', montant: 600, datePaiement: day, source: 'destinataire' },
    ]);
    const confirmed = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/paiements/${declared[0]?._id}/confirmer`,
      token,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = (await lifecycleOf(token, invoice._id)).evenements.map((e) => e.code);
    expect(codes).toEqual([211, 212]);
  });

  it('answers false for a status about no invoice of the user', async () => {
    const { user } = await signedInUser(t);
    const message = buyerMessage({ numero: 'FAC-2099-9999' }, user.siret ?? '', '123456782', {
      statusCode: 205,
    });
    const applied = await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, user._id, message, 'flux-inconnu', t.clock.now()),
    );
    expect(applied).toBe(false);
  });
});

/** A status the buyer's solution sends about the seller's invoice, as parseCdar reads it. */
function buyerMessage(
  invoice: { numero: string },
  sellerSiret: string,
  buyerSiren: string,
  status: Pick<CdarMessage, 'statusCode'> & Partial<CdarMessage>,
): CdarMessage {
  const seller = { role: 'vendeur' as const, name: 'Claire Martin', siren: sellerSiret.slice(0, 9) };
  const buyer = { role: 'acheteur' as const, name: 'Atelier Dupont SARL', siren: buyerSiren };
  return {
    id: randomUUID(),
    issuedAt: new Date(),
    sender: buyer,
    recipient: seller,
    invoice: { numero: invoice.numero, issueDate: '2026-11-01', typeCode: '380', seller, buyer },
    ...status,
  };
}
