import { BOOK_MESSAGES, frenchVatNumber, type Invoice } from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { acceptOffPlatform, createQuote } from '../quotes/quote-test-kit.js';
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
import { cents, checkFecRules, linesOf } from './fec-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const SIREN = '732829320';

/** A professional charging VAT (20 %), with a SIRET (one establishment each) whose SIREN names the file. */
async function vatPayer(day: string): Promise<Pro> {
  return professionalOn(t, day, {
    siret: uniqueSiret(SIREN),
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(SIREN),
  });
}

interface Written {
  pro: Pro;
  services: Invoice;
  goods: Invoice;
  creditNote: Invoice;
  deposit: Invoice;
  final: Invoice;
}

/**
 * A year of a VAT-charging professional, written over HTTP: an invoice of services paid by transfer then
 * in cash, an invoice of goods credited in full, a quote with a deposit invoice (paid) and its final
 * invoice (paid), plus what the FEC must leave out: an unsent invoice, a cancelled one, the previous year's
 * invoice and its payment.
 */
async function aYear(): Promise<Written> {
  let pro = await vatPayer('2025-12-15');
  const martin = await clientNamed(t, pro, 'Boulangerie Martin');
  const lastYear = await invoiceOf(t, pro, martin, {
    lignes: [{ description: 'Ancien', quantite: 1, prixUnitaire: 10 }],
  });
  await payOn(t, pro, lastYear._id, '2025-12-15', 12);

  pro = await moveTo(t, pro, '2026-01-10');
  const services = await invoiceOf(t, pro, martin, {
    objet: 'Site vitrine',
    lignes: [{ description: 'Développement', quantite: 1, prixUnitaire: 1000 }],
  });
  await invoiceOf(
    t,
    pro,
    martin,
    { lignes: [{ description: 'Brouillon', quantite: 1, prixUnitaire: 5 }] },
    { sent: false },
  );
  const cancelled = await invoiceOf(
    t,
    pro,
    martin,
    { lignes: [{ description: 'Annulée', quantite: 1, prixUnitaire: 7 }] },
    { sent: false },
  );
  expect((await api(t, pro.token, 'DELETE', `/factures/${cancelled._id}`)).statusCode).toBeLessThan(300);

  pro = await moveTo(t, pro, '2026-01-15');
  await payOn(t, pro, services._id, '2026-01-15', 500, 'virement', 'VIR-1');
  pro = await moveTo(t, pro, '2026-02-01');
  await payOn(t, pro, services._id, '2026-02-01', 700, 'especes');

  const shop = await clientNamed(t, pro, 'Épicerie Œuvre');
  const goods = await invoiceOf(t, pro, shop, {
    lignes: [{ description: 'Paniers', quantite: 3, prixUnitaire: 33.33 }],
    mentionsLegales: { natureOperation: 'biens' },
  });
  pro = await moveTo(t, pro, '2026-02-10');
  const credited = await api(t, pro.token, 'POST', `/factures/${goods._id}/avoir`, {
    motif: 'Commande annulée',
  });
  expect(credited.statusCode, credited.body).toBe(201);
  const creditNote = credited.json<Invoice>();

  pro = await moveTo(t, pro, '2026-03-02');
  const studio = await clientNamed(t, pro, 'Studio Nord');
  const quote = await createQuote(t, pro.token, studio._id, {
    lignes: [{ description: 'Identité visuelle', quantite: 1, prixUnitaire: 2000 }],
  });
  await acceptOffPlatform(t, pro.token, quote._id);
  const depositRes = await api(t, pro.token, 'POST', `/devis/${quote._id}/acompte`, { pourcentage: 30 });
  expect(depositRes.statusCode, depositRes.body).toBe(201);
  const deposit = depositRes.json<Invoice>();
  await markSent(t, pro, deposit._id);
  await payOn(t, pro, deposit._id, '2026-03-02', 720, 'virement', 'VIR-ACOMPTE');

  pro = await moveTo(t, pro, '2026-06-30');
  const finalRes = await api(t, pro.token, 'POST', `/devis/${quote._id}/facturer`);
  expect(finalRes.statusCode, finalRes.body).toBe(201);
  const final = finalRes.json<Invoice>();
  await markSent(t, pro, final._id);
  await payOn(t, pro, final._id, '2026-06-30', 1680, 'carte');
  return { pro, services, goods, creditNote, deposit, final };
}

async function fec(token: string, year: number) {
  const res = await api(t, token, 'GET', `/fec?annee=${year}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('GET /api/fec', () => {
  it('writes a year that follows every rule of the format, with the sales and receipts entries', async () => {
    const { pro, services, goods, creditNote, deposit, final } = await aYear();
    const res = await fec(pro.token, 2026);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${SIREN}FEC20261231.txt"`);
    expect(res.headers['content-type']).toBe('text/plain; charset=iso-8859-15');
    const bytes = res.rawPayload;
    const rows = checkFecRules(bytes, 2026);
    expect(bytes.includes(Buffer.from('TVA collect\xe9e', 'latin1'))).toBe(true);
    expect(bytes.includes(Buffer.from([0xbc]))).toBe(true); // « Œ » of « Épicerie Œuvre », in Latin-9

    // Sales (VT): the five issued documents of 2026, in date order; nothing of 2025, no draft, nothing cancelled.
    const sales = rows.filter((r) => r.JournalCode === 'VT');
    expect([...new Set(sales.map((r) => r.PieceRef))]).toEqual([
      services.numero,
      goods.numero,
      creditNote.numero,
      deposit.numero,
      final.numero,
    ]);
    // Services without the debit option: the VAT waits in 4458 for the price.
    expect(linesOf(rows, 'VT', services.numero)).toEqual([
      ['411', 120000, 0],
      ['706', 0, 100000],
      ['4458', 0, 20000],
    ]);
    // Goods go to 707, their VAT due at the invoice; the credit note is the same entry reversed.
    expect(linesOf(rows, 'VT', goods.numero)).toEqual([
      ['411', 11999, 0],
      ['707', 0, 9999],
      ['44571', 0, 2000],
    ]);
    expect(linesOf(rows, 'VT', creditNote.numero)).toEqual([
      ['411', 0, 11999],
      ['707', 9999, 0],
      ['44571', 2000, 0],
    ]);
    // The deposit's HT waits in 4191 until the final invoice, which clears it by the deposit's HT; its VAT
    // falls due when it is received, and the final invoice's VAT line is the rest.
    expect(linesOf(rows, 'VT', deposit.numero)).toEqual([
      ['411', 72000, 0],
      ['4191', 0, 60000],
      ['4458', 0, 12000],
    ]);
    expect(linesOf(rows, 'VT', final.numero)).toEqual([
      ['411', 168000, 0],
      ['4191', 60000, 0],
      ['706', 0, 200000],
      ['4458', 0, 28000],
    ]);
    const balance = (account: string) =>
      rows.filter((r) => r.CompteNum === account).reduce((s, r) => s + cents(r.Debit) - cents(r.Credit), 0);
    expect(balance('4191')).toBe(0);
    // Every client's receivable: 1 200 + 720 + 1 680 invoiced, all received; the goods credited in full.
    expect(balance('411')).toBe(0);
    // All received: no VAT waits, and 44571 holds the VAT of the services and the quote (the goods credited).
    expect(balance('4458')).toBe(0);
    expect(balance('44571')).toBe(-(20000 + 40000));

    // Receipts: the bank (BQ, 512) and the till (CA, 530), each payment crediting its client's 411 and
    // making due the VAT share it pays (500 of 1 200: 83,33; the 700 settling it: the 116,67 left).
    expect(
      rows.filter((r) => r.JournalCode === 'BQ').map((r) => [r.EcritureNum, r.CompteNum, r.Debit, r.Credit]),
    ).toEqual([
      ['1', '512', '500,00', '0,00'],
      ['1', '411', '0,00', '500,00'],
      ['1', '4458', '83,33', '0,00'],
      ['1', '44571', '0,00', '83,33'],
      ['2', '512', '720,00', '0,00'],
      ['2', '411', '0,00', '720,00'],
      ['2', '4458', '120,00', '0,00'],
      ['2', '44571', '0,00', '120,00'],
      ['3', '512', '1680,00', '0,00'],
      ['3', '411', '0,00', '1680,00'],
      ['3', '4458', '280,00', '0,00'],
      ['3', '44571', '0,00', '280,00'],
    ]);
    expect(
      rows.filter((r) => r.JournalCode === 'CA').map((r) => [r.EcritureDate, r.CompteNum, r.Debit, r.Credit]),
    ).toEqual([
      ['20260201', '530', '700,00', '0,00'],
      ['20260201', '411', '0,00', '700,00'],
      ['20260201', '4458', '116,67', '0,00'],
      ['20260201', '44571', '0,00', '116,67'],
    ]);
    // One auxiliary account per client, the same on its sales and its payments.
    const auxOf = (piece: string) =>
      rows.find((r) => r.PieceRef === piece && r.CompteNum === '411')?.CompAuxNum;
    expect(
      new Set(
        rows
          .filter((r) => r.CompteNum === '411' && r.CompAuxLib === 'Boulangerie Martin')
          .map((r) => r.CompAuxNum),
      ).size,
    ).toBe(1);
    expect(auxOf(services.numero)).not.toBe(auxOf(goods.numero));
    expect(
      rows.find((r) => r.JournalCode === 'BQ' && r.EcritureLib.includes('VIR-1'))?.CompAuxNum ?? '',
    ).toBe('');
  });

  it('leaves a year without documents with the header alone, and keeps another year out', async () => {
    const { pro } = await aYear();
    const empty = await fec(pro.token, 2024);
    expect(empty.headers['content-disposition']).toBe(`attachment; filename="${SIREN}FEC20241231.txt"`);
    expect(checkFecRules(empty.rawPayload, 2024)).toEqual([]);
    const previous = checkFecRules((await fec(pro.token, 2025)).rawPayload, 2025);
    expect([...new Set(previous.map((r) => `${r.JournalCode}${r.EcritureNum}`))]).toEqual(['VT1', 'BQ1']);
  });

  it('defaults to the current year, refuses a bad year and a professional without SIRET, in French', async () => {
    const pro = await vatPayer('2026-05-05');
    const current = await api(t, pro.token, 'GET', '/fec');
    expect(current.headers['content-disposition']).toBe(`attachment; filename="${SIREN}FEC20261231.txt"`);
    for (const query of ['?annee=abc', '?annee=1999', '?annee=2026.5']) {
      const res = await api(t, pro.token, 'GET', `/fec${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message: BOOK_MESSAGES.year });
    }
    const noSiret = await signedInUser(t, { siret: null });
    const refused = await api(t, noSiret.token, 'GET', '/fec?annee=2026');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorType: 'conflict',
      message: BOOK_MESSAGES.siret,
      requiresSiret: true,
    });
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    expect((await api(t, particulier.token, 'GET', '/fec')).statusCode).toBe(403);
  });
});
