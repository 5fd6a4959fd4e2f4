import { randomUUID } from 'node:crypto';
import type {
  Invoice,
  InvoiceLifecycle,
  InvoiceListItem,
  InvoiceListTotals,
  InvoiceStatuses,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisDate } from '../../lib/paris-date.js';
import { createClient, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { expectLifeRecorded } from '../../test/life-recorded.js';
import type { CdarMessage } from '../einvoicing/cdar/cdar-message.js';
import { applyReceivedStatus } from '../einvoicing/lifecycle/apply-received-status.js';

/**
 * A document's life in the lists, the transitions, the reminders and the recipient's refusal: a refused,
 * disputed or partly paid invoice reads so everywhere, is filtered by it, and is neither marked paid nor
 * reminded when its life says no.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Signed = Awaited<ReturnType<typeof signedInUser>>;

async function businessInvoice(token: string, email = 'compta@dupont.fr') {
  const client = await createClient(t, token, {
    nom: 'Atelier Dupont SARL',
    type: 'entreprise',
    siret: uniqueSiret(),
    email,
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

/** The buyer's status on the seller's invoice, as it reaches the seller through the approved platform. */
async function buyerStatus(
  seller: Signed,
  invoice: Invoice,
  status: Partial<CdarMessage> & Pick<CdarMessage, 'statusCode'>,
) {
  const cycle = await t.request({
    method: 'GET',
    url: `/api/factures/${invoice._id}/cycle-de-vie`,
    token: seller.token,
  });
  const buyerSiren = cycle.json<InvoiceLifecycle>().sirenClient ?? '';
  const sellerParty = {
    role: 'vendeur' as const,
    name: 'Claire Martin',
    siren: (seller.user.siret ?? '').slice(0, 9),
  };
  const buyer = { role: 'acheteur' as const, name: 'Atelier Dupont SARL', siren: buyerSiren };
  const message: CdarMessage = {
    id: randomUUID(),
    issuedAt: new Date(),
    sender: buyer,
    recipient: sellerParty,
    invoice: { numero: invoice.numero, issueDate: '2026-11-01', typeCode: '380', seller: sellerParty, buyer },
    ...status,
  };
  const applied = await t.database.db.transaction((tx) =>
    applyReceivedStatus(tx, seller.user._id, message, `flux-${randomUUID()}`, t.clock.now()),
  );
  expect(applied).toBe(true);
}

const get = async <T>(token: string, url: string): Promise<T> => {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const listed = async (token: string, query = '') =>
  (await get<InvoiceListItem[]>(token, `/api/factures${query}`)).map((row) => row.numero);

async function sentOnPlatform(seller: Signed) {
  const invoice = await businessInvoice(seller.token);
  const sent = await t.request({
    method: 'POST',
    url: `/api/factures/${invoice._id}/plateforme-agreee`,
    token: seller.token,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  return invoice;
}

describe('an invoice refused through the approved platform', () => {
  it('reads « Refusée » in the list and the detail, filtered as disputed, never paid nor reminded', async () => {
    const seller = await signedInUser(t);
    const { token } = seller;
    const invoice = await sentOnPlatform(seller);
    await buyerStatus(seller, invoice, {
      statusCode: 210,
      reason: { code: 'MONTANTTOTAL_ERR', text: 'Le montant ne correspond pas au devis' },
    });
    await expectLifeRecorded(t);

    const detail = await get<Invoice>(token, `/api/factures/${invoice._id}`);
    expect(detail.cycle).toMatchObject({
      etat: 'refusee',
      libelle: 'Refusée',
      ton: 'danger',
      contestee: true,
    });
    expect(detail.cycle).toMatchObject({ payable: false, relancable: false });
    const [row] = await get<InvoiceListItem[]>(token, '/api/factures');
    expect(row?.cycle.libelle).toBe('Refusée');
    expect(await listed(token, '?status=contestee')).toEqual([invoice.numero]);
    expect(await listed(token, '?status=envoyee')).toEqual([]);
    const totals = await get<InvoiceListTotals>(token, '/api/factures/totaux');
    expect(totals.parStatut).toMatchObject({ contestee: 1, envoyee: 0, payee: 0 });

    const statuses = await get<InvoiceStatuses>(token, `/api/factures/${invoice._id}/statuts`);
    expect(statuses.transitions).not.toContain('payee');
    const paid = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'payee' },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ errorType: 'invoice_not_payable' });
    expect(paid.json<{ message: string }>().message).toContain('Refusée');

    const reminded = await t.request({ method: 'POST', url: `/api/factures/${invoice._id}/relances`, token });
    expect(reminded.statusCode).toBe(409);
    expect(reminded.json()).toMatchObject({
      errorType: 'invoice_not_remindable',
      message: 'Le client a refusé cette facture : elle ne se relance pas.',
    });
  });

  it('reads « Contestée » while disputed (207) and « Envoyée » again once approved (205)', async () => {
    const seller = await signedInUser(t);
    const invoice = await sentOnPlatform(seller);
    await buyerStatus(seller, invoice, { statusCode: 207, reason: { code: 'AUTRE', text: 'Quantité' } });
    await expectLifeRecorded(t);
    const disputed = await get<Invoice>(seller.token, `/api/factures/${invoice._id}`);
    expect(disputed.cycle).toMatchObject({
      etat: 'contestee',
      libelle: 'Contestée',
      payable: true,
      relancable: false,
    });
    await buyerStatus(seller, invoice, { statusCode: 205 });
    const approved = await get<Invoice>(seller.token, `/api/factures/${invoice._id}`);
    expect(approved.cycle).toMatchObject({ contestee: false, relancable: true });
    expect(await listed(seller.token, '?status=envoyee')).toEqual([invoice.numero]);
  });
});

describe('a partly paid invoice', () => {
  it('reads « Partiellement payée » and is kept by its filter, among the sent ones', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    const sent = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const paid = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/paiements`,
      token,
      body: { datePaiement: parisDate(t.clock.now()), montant: 100, methode: 'virement', reference: 'VIR' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await expectLifeRecorded(t);
    const detail = await get<Invoice>(token, `/api/factures/${invoice._id}`);
    expect(detail.cycle).toMatchObject({
      etat: 'partiellement_payee',
      libelle: 'Partiellement payée',
      resteCents: 50000,
    });
    expect(await listed(token, '?status=partiellement_payee')).toEqual([invoice.numero]);
    expect(await listed(token, '?status=partiellement-payée')).toEqual([invoice.numero]);
    expect(await listed(token, '?status=envoyee')).toEqual([invoice.numero]);
    expect((await get<InvoiceListTotals>(token, '/api/factures/totaux')).parStatut).toMatchObject({
      partiellement_payee: 1,
      envoyee: 1,
    });
  });
});

describe('a credit note', () => {
  it('is never offered nor set « payée »', async () => {
    const { token } = await signedInUser(t);
    const invoice = await businessInvoice(token);
    await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'envoyee' },
    });
    const res = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/avoir`,
      token,
      body: { motif: 'Erreur' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const note = res.json<Invoice>();
    await expectLifeRecorded(t);
    const statuses = await get<InvoiceStatuses>(token, `/api/factures/${note._id}/statuts`);
    expect(statuses.transitions).not.toContain('payee');
    const paid = await t.request({
      method: 'PUT',
      url: `/api/factures/${note._id}/statut-emetteur`,
      token,
      body: { statutEmetteur: 'payee' },
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json()).toMatchObject({ errorType: 'invoice_not_payable' });
  });
});

describe('POST /factures/{id}/refuser', () => {
  async function received() {
    const recipient = await signedInUser(t, { role: 'particulier', siret: null });
    const issuer = await signedInUser(t);
    const invoice = await businessInvoice(issuer.token, recipient.user.email);
    const sent = await t.request({
      method: 'POST',
      url: `/api/factures/${invoice._id}/send-internal`,
      token: issuer.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await expectLifeRecorded(t);
    return { recipient, issuer, invoice };
  }
  const refuse = (token: string, id: string, body: unknown) =>
    t.request({ method: 'POST', url: `/api/factures/${id}/refuser`, token, body });

  it('lets the recipient refuse with a reason: « Refusée » on both sides, the issuer told why', async () => {
    const { recipient, issuer, invoice } = await received();
    const res = await refuse(recipient.token, invoice._id, { motif: '  Prestation non réalisée ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Invoice>()).toMatchObject({
      statut: 'refusee',
      cycle: { etat: 'refusee', libelle: 'Refusée' },
    });
    const mine = await get<Invoice>(issuer.token, `/api/factures/${invoice._id}`);
    expect(mine.cycle).toMatchObject({ etat: 'refusee', payable: false, relancable: false });
    expect(await listed(issuer.token, '?status=contestee')).toEqual([invoice.numero]);
    const notes = await t.request({ method: 'GET', url: '/api/notifications', token: issuer.token });
    expect(notes.body).toContain('Prestation non réalisée');
    // Final: not twice, and no payment declared on it any more by the issuer.
    const again = await refuse(recipient.token, invoice._id, { motif: 'Encore' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'invoice_not_refusable' });
  });

  it('refuses a missing or too long reason, the issuer, a stranger and a paid invoice', async () => {
    const { recipient, issuer, invoice } = await received();
    for (const body of [{}, { motif: '' }, { motif: '   ' }, { motif: 'x'.repeat(501) }]) {
      const res = await refuse(recipient.token, invoice._id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error' });
    }
    const byIssuer = await refuse(issuer.token, invoice._id, { motif: 'Non' });
    expect(byIssuer.statusCode).toBe(403);
    const stranger = await signedInUser(t);
    expect((await refuse(stranger.token, invoice._id, { motif: 'Non' })).statusCode).toBe(404);
    const paid = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}/statut-emetteur`,
      token: issuer.token,
      body: { statutEmetteur: 'payee' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const late = await refuse(recipient.token, invoice._id, { motif: 'Trop tard' });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ message: string }>().message).toContain('Payée');
  });
});
