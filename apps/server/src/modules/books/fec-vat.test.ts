import { frenchVatNumber, type Invoice } from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { acceptOffPlatform, createQuote } from '../quotes/quote-test-kit.js';
import type { NewUser } from '../users/users.repo.js';
import {
  api,
  clientNamed,
  invoiceOf,
  markSent,
  moveTo,
  type Pro,
  payOn,
  professionalOn,
} from './books-test-kit.js';
import { cents, checkFecRules, type FecRow, linesOf } from './fec-test-kit.js';

/*
 * The FEC books VAT when it falls due (CGI art. 269, 2): goods at the invoice, deposits when received,
 * services when paid unless the seller opted for debits; 4458 holds it until then. Each year is written
 * over HTTP and read back through GET /fec, checked against every rule of the format (each entry
 * balanced to the cent).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const SIREN = '732829320';

async function vatPayer(day: string, values: Partial<NewUser> = {}): Promise<Pro> {
  return professionalOn(t, day, {
    siret: uniqueSiret(SIREN),
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(SIREN),
    ...values,
  });
}

async function fecRows(pro: Pro, year: number): Promise<FecRow[]> {
  const res = await api(t, pro.token, 'GET', `/fec?annee=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return checkFecRules(res.rawPayload, year);
}

const balanceOf = (rows: FecRow[], account: string) =>
  rows.filter((r) => r.CompteNum === account).reduce((s, r) => s + cents(r.Debit) - cents(r.Credit), 0);

/** An accepted quote of one line (20 %), of `nature`, and its deposit invoice of `percent` %, sent. */
async function quoteWithDeposit(pro: Pro, clientId: string, price: number, percent: number, nature: string) {
  const quote = await createQuote(t, pro.token, clientId, {
    lignes: [{ description: 'Commande', quantite: 1, prixUnitaire: price }],
    mentionsLegales: { natureOperation: nature },
  });
  await acceptOffPlatform(t, pro.token, quote._id);
  const res = await api(t, pro.token, 'POST', `/devis/${quote._id}/acompte`, { pourcentage: percent });
  expect(res.statusCode, res.body).toBe(201);
  const deposit = res.json<Invoice>();
  await markSent(t, pro, deposit._id);
  return { quoteId: quote._id, deposit };
}

async function finalInvoice(pro: Pro, quoteId: string): Promise<Invoice> {
  const res = await api(t, pro.token, 'POST', `/devis/${quoteId}/facturer`);
  expect(res.statusCode, res.body).toBe(201);
  const final = res.json<Invoice>();
  await markSent(t, pro, final._id);
  return final;
}

async function creditNoteOf(pro: Pro, invoiceId: string, body: Record<string, unknown> = {}) {
  const res = await api(t, pro.token, 'POST', `/factures/${invoiceId}/avoir`, { motif: 'Geste', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Invoice>();
}

describe('GET /api/fec: VAT when it falls due', () => {
  it('goods: a deposit’s VAT when received, the rest at the final invoice, an unpaid deposit’s with it', async () => {
    let pro = await vatPayer('2026-03-02');
    const shop = await clientNamed(t, pro, 'Quincaillerie Roux');
    const paid = await quoteWithDeposit(pro, shop._id, 1000, 30, 'biens');
    const unpaid = await quoteWithDeposit(pro, shop._id, 200, 50, 'biens');
    pro = await moveTo(t, pro, '2026-03-05');
    await payOn(t, pro, paid.deposit._id, '2026-03-05', 360);
    pro = await moveTo(t, pro, '2026-04-01');
    const finalOfPaid = await finalInvoice(pro, paid.quoteId);
    const finalOfUnpaid = await finalInvoice(pro, unpaid.quoteId);
    pro = await moveTo(t, pro, '2026-04-20');
    await payOn(t, pro, finalOfPaid._id, '2026-04-10', 400);
    await payOn(t, pro, finalOfPaid._id, '2026-04-20', 440);
    await payOn(t, pro, unpaid.deposit._id, '2026-04-20', 120);
    await payOn(t, pro, finalOfUnpaid._id, '2026-04-20', 120);

    const rows = await fecRows(pro, 2026);
    // The deposit: its HT to 4191, its VAT waiting for the money; received, the VAT falls due.
    expect(linesOf(rows, 'VT', paid.deposit.numero)).toEqual([
      ['411', 36000, 0],
      ['4191', 0, 30000],
      ['4458', 0, 6000],
    ]);
    expect(
      rows.filter((r) => r.EcritureDate === '20260305').map((r) => [r.CompteNum, r.Debit, r.Credit]),
    ).toEqual([
      ['512', '360,00', '0,00'],
      ['411', '0,00', '360,00'],
      ['4458', '60,00', '0,00'],
      ['44571', '0,00', '60,00'],
    ]);
    // Delivered: 4191 cleared by the deposit's HT, the VAT due now is the total less the deposit's.
    expect(linesOf(rows, 'VT', finalOfPaid.numero)).toEqual([
      ['411', 84000, 0],
      ['4191', 30000, 0],
      ['707', 0, 100000],
      ['44571', 0, 14000],
    ]);
    // The unpaid deposit's VAT falls due with the delivery, and its payment later moves no VAT.
    expect(linesOf(rows, 'VT', finalOfUnpaid.numero)).toEqual([
      ['411', 12000, 0],
      ['4191', 10000, 0],
      ['707', 0, 20000],
      ['44571', 0, 4000],
      ['4458', 2000, 0],
    ]);
    expect(linesOf(rows, 'BQ', unpaid.deposit.numero)).toEqual([
      ['512', 12000, 0],
      ['411', 0, 12000],
    ]);
    expect(linesOf(rows, 'BQ', finalOfPaid.numero).map(([account]) => account)).toEqual([
      '512',
      '411',
      '512',
      '411',
    ]);
    expect(balanceOf(rows, '4191')).toBe(0);
    expect(balanceOf(rows, '4458')).toBe(0);
    expect(balanceOf(rows, '411')).toBe(0);
    expect(balanceOf(rows, '44571')).toBe(-(20000 + 4000));
  });

  it('services without the debit option: each payment makes its share due, across the year, summing exactly', async () => {
    let pro = await vatPayer('2025-12-20');
    const client = await clientNamed(t, pro, 'Cabinet Durand');
    const invoice = await invoiceOf(t, pro, client, {
      lignes: [{ description: 'Audit', quantite: 3, prixUnitaire: 33.33 }],
    });
    pro = await moveTo(t, pro, '2026-02-03');
    await payOn(t, pro, invoice._id, '2026-01-05', 33.33);
    await payOn(t, pro, invoice._id, '2026-01-20', 33.33);
    await payOn(t, pro, invoice._id, '2026-02-03', 53.33);

    const lastYear = await fecRows(pro, 2025);
    expect(linesOf(lastYear, 'VT', invoice.numero)).toEqual([
      ['411', 11999, 0],
      ['706', 0, 9999],
      ['4458', 0, 2000],
    ]);
    // 20,00 of VAT on 119,99: 33,33 makes 5,56 due; then 33,33 of the 86,66 left, 5,55 of the 14,44
    // waiting; the payment settling it, the 8,89 left.
    const rows = await fecRows(pro, 2026);
    const shares = rows
      .filter((r) => r.JournalCode === 'BQ' && r.CompteNum === '44571')
      .map((r) => cents(r.Credit));
    expect(shares).toEqual([556, 555, 889]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(2000);
    expect(balanceOf(rows, '4458')).toBe(2000);
  });

  it('services on the debit option: VAT due at the invoice, a deposit’s too; payments move none', async () => {
    let pro = await vatPayer('2026-05-04', { optionDebits: true });
    const client = await clientNamed(t, pro, 'Agence Sud');
    const invoice = await invoiceOf(t, pro, client, {
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 1000 }],
    });
    const { deposit } = await quoteWithDeposit(pro, client._id, 500, 20, 'services');
    pro = await moveTo(t, pro, '2026-05-20');
    await payOn(t, pro, invoice._id, '2026-05-20', 1200);
    await payOn(t, pro, deposit._id, '2026-05-20', 120);

    const rows = await fecRows(pro, 2026);
    expect(linesOf(rows, 'VT', invoice.numero)).toEqual([
      ['411', 120000, 0],
      ['706', 0, 100000],
      ['44571', 0, 20000],
    ]);
    expect(linesOf(rows, 'VT', deposit.numero)).toEqual([
      ['411', 12000, 0],
      ['4191', 0, 10000],
      ['44571', 0, 2000],
    ]);
    expect(rows.filter((r) => r.JournalCode === 'BQ').map((r) => r.CompteNum)).toEqual([
      '512',
      '411',
      '512',
      '411',
    ]);
    expect(rows.some((r) => r.CompteNum === '4458')).toBe(false);
  });

  it('a credit note takes its VAT back from 4458 as far as the credited VAT still waits, the rest from 44571', async () => {
    let pro = await vatPayer('2026-06-01');
    const client = await clientNamed(t, pro, 'Librairie Vent');
    const halfPaid = await invoiceOf(t, pro, client, {
      lignes: [{ description: 'Formation', quantite: 1, prixUnitaire: 1000 }],
    });
    const paid = await invoiceOf(t, pro, client, {
      lignes: [{ description: 'Relecture', quantite: 1, prixUnitaire: 100 }],
    });
    const { deposit } = await quoteWithDeposit(pro, client._id, 100, 50, 'services');
    await payOn(t, pro, halfPaid._id, '2026-06-01', 600);
    await payOn(t, pro, paid._id, '2026-06-01', 120);
    pro = await moveTo(t, pro, '2026-06-15');
    // The unpaid half of the first invoice, as a discount: its VAT was never due.
    const discount = await creditNoteOf(pro, halfPaid._id, {
      lignes: [{ description: 'Remise', quantite: 1, prixUnitaire: 500, tauxTVA: 20 }],
    });
    // A paid invoice credited in full: its VAT was due, it is taken back from 44571.
    const refund = await creditNoteOf(pro, paid._id);
    // An unpaid deposit credited: 4191 by its HT, its VAT from 4458.
    const cancelledDeposit = await creditNoteOf(pro, deposit._id);

    const rows = await fecRows(pro, 2026);
    expect(linesOf(rows, 'VT', discount.numero)).toEqual([
      ['411', 0, 60000],
      ['706', 50000, 0],
      ['4458', 10000, 0],
    ]);
    expect(linesOf(rows, 'VT', refund.numero)).toEqual([
      ['411', 0, 12000],
      ['706', 10000, 0],
      ['44571', 2000, 0],
    ]);
    expect(linesOf(rows, 'VT', cancelledDeposit.numero)).toEqual([
      ['411', 0, 6000],
      ['4191', 5000, 0],
      ['4458', 1000, 0],
    ]);
    // What stays declared is the VAT of the 600 kept: 100,00.
    expect(balanceOf(rows, '4458')).toBe(0);
    expect(balanceOf(rows, '4191')).toBe(0);
    expect(balanceOf(rows, '44571')).toBe(-10000);
    expect(balanceOf(rows, '411')).toBe(-12000);
  });
});
