import {
  daysLate,
  formatEuros,
  type InvoiceListItem,
  type InvoiceListTotals,
  PAYMENT_MESSAGES,
} from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../lib/clock.js';
import { addDays, parisDate } from '../../lib/paris-date.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { creditInvoice } from '../../test/invoice-requests.js';
import { waitForMail } from '../../test/outbox.js';
import {
  acceptOffPlatform,
  createQuote,
  depositInvoice,
  newClient,
  issuer as newIssuer,
} from '../quotes/quote-test-kit.js';
import {
  call,
  invoiceOf,
  notificationsOf,
  pay,
  payment,
  paymentsOf,
  saleOnPlatform,
  signIn,
} from './payments-test-kit.js';

/** Payments of an invoice over HTTP (issue 17), on the run's test database. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterEach(() => t.clock.reset());
afterAll(async () => t?.close());

describe('recording payments', () => {
  it('takes partial payments, says what remains, and turns the invoice paid when nothing does', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 250);
    const first = await pay(t, issuer.token, invoice._id, '100,50');
    expect(first.statusCode, first.body).toBe(201);
    // A part paid settles nothing: the recipient is told only once nothing remains (below).
    expect(await notificationsOf(t, recipient.id, 'facture_payee')).toEqual([]);
    expect(first.json()).toMatchObject({ montantPaye: 100.5, resteAPayer: 149.5, statutEmetteur: 'envoyee' });
    expect(first.json().paiements).toEqual([
      expect.objectContaining({
        montant: 100.5,
        methode: 'virement',
        reference: 'VIR-001',
        statut: 'confirme',
      }),
    ]);
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'envoyee',
      payee: false,
      montantPaye: 100.5,
      resteAPayer: 149.5,
    });

    // More than what remains: refused, in French, saying how much remains.
    const over = await pay(t, issuer.token, invoice._id, 149.51);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      errorType: 'validation_error',
      message: PAYMENT_MESSAGES.overpaid(formatEuros(149.5)),
    });

    const last = await pay(t, issuer.token, invoice._id, 149.5);
    expect(last.json()).toMatchObject({ montantPaye: 250, resteAPayer: 0, statutEmetteur: 'payee' });
    expect(await notificationsOf(t, recipient.id, 'facture_payee')).toHaveLength(1);
    const paid = await invoiceOf(t, issuer.token, invoice._id);
    expect(paid).toMatchObject({ statutEmetteur: 'payee', payee: true, verrouillee: true, resteAPayer: 0 });
    expect(paid.datePaiement).not.toBeNull();
    // The recipient reads the same amounts, their own side unchanged.
    expect(await invoiceOf(t, recipient.token, invoice._id)).toMatchObject({
      statutDestinataire: 'vue',
      payee: true,
      montantPaye: 250,
      resteAPayer: 0,
    });
    // Nothing is due any more.
    const more = await pay(t, issuer.token, invoice._id, 1);
    expect(more.json()).toEqual({ errorType: 'conflict', message: PAYMENT_MESSAGES.nothingDue });
  });

  it('reopens a paid invoice when a mistaken payment is deleted', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 80);
    await pay(t, issuer.token, invoice._id, 30);
    const full = await pay(t, issuer.token, invoice._id, 50);
    expect(full.json()).toMatchObject({ statutEmetteur: 'payee' });
    const mistaken = full.json().paiements[1]._id;
    const removed = await call(t, issuer.token, 'DELETE', `/factures/${invoice._id}/paiements/${mistaken}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ montantPaye: 30, resteAPayer: 50, statutEmetteur: 'envoyee' });
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'envoyee',
      payee: false,
      datePaiement: null,
      // Still sent: still frozen.
      verrouillee: true,
    });
    const again = await call(t, issuer.token, 'DELETE', `/factures/${invoice._id}/paiements/${mistaken}`);
    expect(again.json()).toEqual({ errorType: 'not_found', message: PAYMENT_MESSAGES.notFound });
  });

  it('refuses bad input with French messages', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 80);
    const post = (body: unknown) => call(t, issuer.token, 'POST', `/factures/${invoice._id}/paiements`, body);
    const tomorrow = addDays(parisDate(new Date()), 1);
    const cases: [unknown, string][] = [
      [payment(0), PAYMENT_MESSAGES.amount],
      [payment('-5'), PAYMENT_MESSAGES.amount],
      [payment('12,345'), PAYMENT_MESSAGES.amount],
      [payment('douze'), PAYMENT_MESSAGES.amount],
      [payment(10, { methode: 'bitcoin' }), PAYMENT_MESSAGES.method],
      [payment(10, { datePaiement: '2026-13-45' }), PAYMENT_MESSAGES.date],
      [payment(10, { datePaiement: tomorrow }), PAYMENT_MESSAGES.futureDate],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json(), JSON.stringify(body)).toMatchObject({ errorType: 'validation_error', message });
    }
    expect((await paymentsOf(t, issuer.token, invoice._id)).paiements).toEqual([]);
  });

  it('refuses credit notes, cancelled invoices and unsent ones (partly)', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 100);
    const credit = await creditInvoice(t, issuer.token, invoice._id, {
      motif: 'Remise',
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 40 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    const onNote = await pay(t, issuer.token, credit.json()._id, 10);
    expect(onNote.json()).toEqual({ errorType: 'conflict', message: PAYMENT_MESSAGES.creditNote });
    // The credit note counts in what remains.
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({ resteAPayer: 60 });
    expect((await pay(t, issuer.token, invoice._id, 60.01)).statusCode).toBe(400);

    const draft = await saleOnPlatform(t, 100, false);
    const unsent = await pay(t, draft.issuer.token, draft.invoice._id, 10);
    expect(unsent.json()).toEqual({ errorType: 'conflict', message: PAYMENT_MESSAGES.unsent });
    expect((await call(t, draft.issuer.token, 'DELETE', `/factures/${draft.invoice._id}`)).statusCode).toBe(
      204,
    );
    const cancelled = await pay(t, draft.issuer.token, draft.invoice._id, 10);
    expect(cancelled.json()).toEqual({ errorType: 'invoice_cancelled', message: PAYMENT_MESSAGES.cancelled });
  });

  it('lets only the issuer write, the recipient read, and nobody else see', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 100);
    const { paiements } = (await pay(t, issuer.token, invoice._id, 10)).json();
    const byRecipient = await pay(t, recipient.token, invoice._id, 10);
    expect(byRecipient.statusCode).toBe(403);
    expect(byRecipient.json().errorType).toBe('not_issuer');
    const del = `/factures/${invoice._id}/paiements/${paiements[0]._id}`;
    expect((await call(t, recipient.token, 'DELETE', del)).statusCode).toBe(403);
    expect((await paymentsOf(t, recipient.token, invoice._id)).statutEmetteur).toBeNull();

    const stranger = await signedInUser(t);
    for (const [method, url] of [
      ['GET', `/factures/${invoice._id}/paiements`],
      ['POST', `/factures/${invoice._id}/paiements`],
      ['DELETE', del],
      ['POST', `${del}/confirmer`],
      ['POST', `${del}/rejeter`],
    ] as const) {
      const body = url.endsWith('/rejeter') ? { motif: 'Rien reçu' } : payment(1);
      const res = await call(t, stranger.token, method, url, method === 'POST' ? body : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await paymentsOf(t, issuer.token, invoice._id)).montantPaye).toBe(10);
  });
});

describe('credit notes', () => {
  it('count in what remains: payments and a credit note covering the invoice make it paid', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 100);
    await pay(t, issuer.token, invoice._id, 70);
    const credit = await creditInvoice(t, issuer.token, invoice._id, {
      motif: 'Geste commercial',
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 30 }],
    });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'payee',
      payee: true,
      montantPaye: 70,
      resteAPayer: 0,
    });
    // An unpaid invoice credited in full is cancelled by its credit note, not paid.
    const other = await saleOnPlatform(t, 100);
    await creditInvoice(t, other.issuer.token, other.invoice._id, { motif: 'Annulation' });
    expect(await invoiceOf(t, other.issuer.token, other.invoice._id)).toMatchObject({
      statutEmetteur: 'envoyee',
      payee: false,
      resteAPayer: 0,
    });
  });
});

describe('deposits', () => {
  it('leave due on the final invoice only what they did not cover', async () => {
    const issuer = await newIssuer(t);
    const client = await newClient(t, issuer.token);
    const quote = await createQuote(t, issuer.token, client._id);
    await acceptOffPlatform(t, issuer.token, quote._id);
    const first = await depositInvoice(t, issuer.token, quote._id, { montant: 30 });
    await call(t, issuer.token, 'PUT', `/factures/${first._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    // A deposit is an invoice: paid like one.
    expect((await pay(t, issuer.token, first._id, 30)).json()).toMatchObject({ statutEmetteur: 'payee' });
    const final = await call(t, issuer.token, 'POST', `/devis/${quote._id}/facturer`, {});
    expect(final.statusCode, final.body).toBe(201);
    const invoice = final.json();
    await call(t, issuer.token, 'PUT', `/factures/${invoice._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    const due = await invoiceOf(t, issuer.token, invoice._id);
    expect(due.resteAPayer).toBe(due.netAPayer);
    expect(due.resteAPayer).toBeCloseTo(due.montantTTC - 30, 2);
    const paid = await pay(t, issuer.token, invoice._id, due.resteAPayer);
    expect(paid.json()).toMatchObject({ resteAPayer: 0, statutEmetteur: 'payee' });
  });
});

describe('« Marquer comme payée »', () => {
  it('records a confirmed payment of what remained, method « autre », today', async () => {
    const { issuer, invoice } = await saleOnPlatform(t, 120);
    await pay(t, issuer.token, invoice._id, 20);
    const res = await call(t, issuer.token, 'PUT', `/factures/${invoice._id}/statut-emetteur`, {
      statutEmetteur: 'payee',
    });
    expect(res.json()).toMatchObject({
      statutEmetteur: 'payee',
      payee: true,
      montantPaye: 120,
      resteAPayer: 0,
    });
    expect(
      (await paymentsOf(t, issuer.token, invoice._id)).paiements.map((p) => [p.montant, p.methode]),
    ).toEqual([
      [20, 'virement'],
      [100, 'autre'],
    ]);
  });
});

describe('a payment declared by the recipient', () => {
  it('is not counted until the issuer confirms it, and the issuer is told', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 90);
    await pay(t, issuer.token, invoice._id, 30);
    const declared = await call(t, recipient.token, 'PATCH', `/factures/${invoice._id}/payer`);
    expect(declared.json()).toMatchObject({ statutDestinataire: 'payee', payee: false, resteAPayer: 60 });
    const state = await paymentsOf(t, issuer.token, invoice._id);
    expect(state).toMatchObject({ montantPaye: 30, resteAPayer: 60, statutEmetteur: 'envoyee' });
    const waiting = state.paiements.find((p) => p.statut === 'declare');
    expect(waiting).toMatchObject({ montant: 60, source: 'destinataire', methode: 'autre' });
    expect(await notificationsOf(t, issuer.id, 'paiement_declare')).toEqual([
      {
        titre: `Jeanne Martin a déclaré avoir payé la facture ${invoice.numero}`,
        lien: `/factures/${invoice._id}`,
      },
    ]);
    // Only the issuer answers it.
    const url = `/factures/${invoice._id}/paiements/${waiting?._id}`;
    expect((await call(t, recipient.token, 'POST', `${url}/confirmer`)).statusCode).toBe(403);

    const confirmed = await call(t, issuer.token, 'POST', `${url}/confirmer`);
    expect(confirmed.json()).toMatchObject({ montantPaye: 90, resteAPayer: 0, statutEmetteur: 'payee' });
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({
      statutEmetteur: 'payee',
      payee: true,
    });
    // The issuer's own click: no « facture payée » notification for them; the recipient is told that the
    // invoice is settled, in the app and by e-mail (a kind that matters).
    expect(await notificationsOf(t, issuer.id, 'facture_payee')).toEqual([]);
    const settled = `a enregistré le paiement de la facture ${invoice.numero} : elle est réglée`;
    expect(await notificationsOf(t, recipient.id, 'facture_payee')).toEqual([
      { titre: expect.stringContaining(settled), lien: `/factures/${invoice._id}` },
    ]);
    await waitForMail(t.outboxDir, recipient.email, settled);
    const twice = await call(t, issuer.token, 'POST', `${url}/confirmer`);
    expect(twice.json()).toEqual({ errorType: 'conflict', message: PAYMENT_MESSAGES.declaredOnly });
  });

  it('once rejected stays uncounted in the history, and the recipient may declare again', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 90);
    await call(t, recipient.token, 'PUT', `/factures/${invoice._id}/statut-destinataire`, {
      statutDestinataire: 'payee',
    });
    const [declared] = (await paymentsOf(t, issuer.token, invoice._id)).paiements;
    const rejected = await call(
      t,
      issuer.token,
      'POST',
      `/factures/${invoice._id}/paiements/${declared?._id}/rejeter`,
      { motif: 'Aucun virement reçu à ce jour' },
    );
    expect(rejected.json()).toMatchObject({ montantPaye: 0, resteAPayer: 90, statutEmetteur: 'envoyee' });
    expect(rejected.json().paiements).toEqual([expect.objectContaining({ statut: 'rejete', montant: 90 })]);
    expect(await invoiceOf(t, recipient.token, invoice._id)).toMatchObject({
      statutDestinataire: 'vue',
      payee: false,
    });
    const statuts = await call(t, recipient.token, 'GET', `/factures/${invoice._id}/statuts`);
    expect(statuts.json().transitions).toEqual(['payee']);
    const again = await call(t, recipient.token, 'PATCH', `/factures/${invoice._id}/payer`);
    expect(again.json()).toMatchObject({ statutDestinataire: 'payee' });
    expect((await notificationsOf(t, issuer.id, 'paiement_declare')).length).toBe(2);
  });

  it('is confirmed by the issuer’s « Marquer comme payée », not paid twice', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 70);
    await call(t, recipient.token, 'PATCH', `/factures/${invoice._id}/payer`);
    await call(t, issuer.token, 'PUT', `/factures/${invoice._id}/statut-emetteur`, {
      statutEmetteur: 'payee',
    });
    const { paiements, montantPaye } = await paymentsOf(t, issuer.token, invoice._id);
    expect(montantPaye).toBe(70);
    expect(paiements.map((p) => [p.montant, p.statut, p.source])).toEqual([[70, 'confirme', 'destinataire']]);
  });
});

describe('late invoices', () => {
  it('are late past their due date until paid, and ?status=en_retard lists and sums them', async () => {
    const { issuer, recipient, invoice } = await saleOnPlatform(t, 100);
    const other = await call(t, issuer.token, 'POST', '/factures', {
      client: invoice.client._id,
      delaiPaiement: 30,
      lignes: [{ description: 'Atelier', quantite: 1, prixUnitaire: 40 }],
      tauxTVA: 0,
    });
    const paidLater = other.json();
    await call(t, issuer.token, 'PUT', `/factures/${paidLater._id}/statut-emetteur`, {
      statutEmetteur: 'envoyee',
    });
    await pay(t, issuer.token, invoice._id, 25);
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({ enRetard: false, joursRetard: 0 });

    t.clock.advance(35 * DAY_MS);
    // Sessions expired meanwhile: sign in again.
    issuer.token = await signIn(t, issuer);
    recipient.token = await signIn(t, recipient);
    const late = await invoiceOf(t, issuer.token, invoice._id);
    expect(late).toMatchObject({ enRetard: true, joursRetard: expect.any(Number), resteAPayer: 75 });
    expect(late.joursRetard).toBe(daysLate(late.dateEcheance, parisDate(t.clock.now())));
    expect(late.joursRetard).toBeGreaterThanOrEqual(4);
    expect(await invoiceOf(t, recipient.token, invoice._id)).toMatchObject({ enRetard: true });

    // Paid in full: never late. Drafts are not late either.
    await pay(t, issuer.token, paidLater._id, 40);
    const rows = (await call(t, issuer.token, 'GET', '/factures?status=en_retard')).json<InvoiceListItem[]>();
    expect(rows.map((r) => [r.numero, r.enRetard, r.joursRetard, r.resteAPayer])).toEqual([
      [invoice.numero, true, late.joursRetard, 75],
    ]);
    const totals = (
      await call(t, issuer.token, 'GET', '/factures/totaux?status=en_retard')
    ).json<InvoiceListTotals>();
    expect(totals).toMatchObject({ nombre: 1, totalTTC: 100, enRetard: 1 });
    const all = (await call(t, issuer.token, 'GET', '/factures/totaux')).json<InvoiceListTotals>();
    expect(all).toMatchObject({ nombre: 2, enRetard: 1 });
    const received = (await call(t, recipient.token, 'GET', '/factures/received?status=en_retard')).json();
    expect(received.map((r: InvoiceListItem) => r.numero)).toEqual([invoice.numero]);

    // Paid off: no longer late anywhere.
    await pay(t, issuer.token, invoice._id, 75);
    expect((await call(t, issuer.token, 'GET', '/factures?status=en_retard')).json()).toEqual([]);
    expect(await invoiceOf(t, issuer.token, invoice._id)).toMatchObject({ enRetard: false, joursRetard: 0 });
  });
});
