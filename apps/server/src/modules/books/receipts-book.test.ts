import { BOOK_MESSAGES, type ReceiptsBook } from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { pdfPageText } from '../../test/pdf.js';
import { seedPayment } from '../dashboard/dashboard-test-kit.js';
import {
  api,
  clientNamed,
  frenchCents,
  invoiceOf,
  moveTo,
  type Pro,
  parseFrenchCsv,
  payOn,
  professionalOn,
  relogin,
} from './books-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

/**
 * A professional's January and February 2026: an invoice paid in two parts (January, then February), a
 * second one paid in cash in February, a payment the client declared but nobody confirmed, and another
 * professional's receipt on the same days.
 */
async function twoMonths(): Promise<{ pro: Pro; first: string; second: string }> {
  let pro = await professionalOn(t, '2026-01-10', { prenom: 'Nora', nom: 'Benali' });
  const martin = await clientNamed(t, pro, 'Boulangerie Martin');
  const port = await clientNamed(t, pro, 'Café; du "Port"');
  const first = await invoiceOf(t, pro, martin, {
    objet: 'Site vitrine',
    lignes: [{ description: 'Développement', quantite: 1, prixUnitaire: 1000 }],
    tauxTVA: 0,
  });
  pro = await moveTo(t, pro, '2026-01-20');
  await payOn(t, pro, first._id, '2026-01-20', '400', 'virement', 'VIR-1');
  pro = await moveTo(t, pro, '2026-02-05');
  const second = await invoiceOf(t, pro, port, {
    lignes: [
      { description: 'Logo', quantite: 1, prixUnitaire: 200.5 },
      { description: 'Cartes', quantite: 1, prixUnitaire: 50 },
    ],
    tauxTVA: 0,
  });
  await payOn(t, pro, first._id, '2026-02-05', '600,00', 'cheque', 'CHQ 123');
  await payOn(t, pro, second._id, '2026-02-05', 250.5, 'especes');
  await seedPayment(t, second._id, pro.id, { euros: 10, date: '2026-02-06', status: 'declare' });

  const other = await professionalOn(t, '2026-02-05');
  const otherClient = await clientNamed(t, other, 'Autre client');
  const otherInvoice = await invoiceOf(t, other, otherClient, {
    lignes: [{ description: 'Autre', quantite: 1, prixUnitaire: 99 }],
    tauxTVA: 0,
  });
  await payOn(t, other, otherInvoice._id, '2026-02-05', 99);
  return { pro, first: first.numero, second: second.numero };
}

async function book(token: string, query: string): Promise<ReceiptsBook> {
  const res = await api(t, token, 'GET', `/livre-recettes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ReceiptsBook>();
}

describe('GET /api/livre-recettes', () => {
  it('lists the confirmed payments of the period in order, each partial payment on its line, with totals per month', async () => {
    const { pro, first, second } = await twoMonths();
    const body = await book(pro.token, '?debut=2026-01-01&fin=2026-02-28');
    expect(body).toMatchObject({ debut: '2026-01-01', fin: '2026-02-28', nombre: 3, total: 1250.5 });
    expect(body.mois.map((m) => [m.mois, m.libelle, m.total, m.recettes.length])).toEqual([
      ['2026-01', 'Janvier 2026', 400, 1],
      ['2026-02', 'Février 2026', 850.5, 2],
    ]);
    expect(body.mois.flatMap((m) => m.recettes)).toMatchObject([
      {
        date: '2026-01-20',
        client: 'Boulangerie Martin',
        nature: 'Site vitrine',
        montant: 400,
        methode: 'virement',
        methodeLibelle: 'Virement',
        facture: first,
        reference: 'VIR-1',
      },
      { date: '2026-02-05', montant: 600, methodeLibelle: 'Chèque', facture: first, reference: 'CHQ 123' },
      {
        date: '2026-02-05',
        client: 'Café; du "Port"',
        nature: 'Logo, Cartes',
        montant: 250.5,
        methodeLibelle: 'Espèces',
        facture: second,
        reference: '',
      },
    ]);
  });

  it('keeps to the period asked, and defaults to the current year in Paris', async () => {
    const { pro } = await twoMonths();
    const february = await book(pro.token, '?debut=2026-02-01&fin=2026-02-28');
    expect(february.mois.map((m) => m.mois)).toEqual(['2026-02']);
    expect(february.total).toBe(850.5);
    const oneDay = await book(pro.token, '?debut=2026-01-20&fin=2026-01-20');
    expect(oneDay.nombre).toBe(1);

    // 31 December 2026, 23:30 in Paris is already 2027 there: the default year is 2027, empty.
    t.clock.set(new Date('2026-12-31T23:30:00Z'));
    const token = (await relogin(t, pro)).token;
    expect(await book(token, '')).toMatchObject({
      debut: '2027-01-01',
      fin: '2027-12-31',
      nombre: 0,
      mois: [],
    });
    expect(await book(token, '?debut=2026-02-01')).toMatchObject({ fin: '2026-12-31', total: 850.5 });
  });

  it('refuses bad dates and a start after the end, in French', async () => {
    const { token } = await signedInUser(t);
    for (const [query, message] of [
      ['?debut=2026-13-01', BOOK_MESSAGES.debut],
      ['?debut=2026-02-30', BOOK_MESSAGES.debut],
      ['?fin=01/02/2026', BOOK_MESSAGES.fin],
      ['?debut=2026-03-01&fin=2026-02-01', BOOK_MESSAGES.order],
      ['?format=xls', BOOK_MESSAGES.format],
    ] as const) {
      const res = await api(t, token, 'GET', `/livre-recettes${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ errorType: 'validation_error', message });
    }
  });

  it('is for professionals, signed in', async () => {
    const particulier = await signedInUser(t, { role: 'particulier', siret: null });
    const res = await api(t, particulier.token, 'GET', '/livre-recettes');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ errorType: 'requires_upgrade' });
    expect((await t.request({ method: 'GET', url: '/api/livre-recettes' })).statusCode).toBe(401);
  });
});

describe('GET /api/livre-recettes?format=csv', () => {
  it('opens in a French spreadsheet: BOM, « ; », quoted fields, decimal commas, and the figures add up', async () => {
    const { pro, first, second } = await twoMonths();
    const res = await api(t, pro.token, 'GET', '/livre-recettes?debut=2026-01-01&fin=2026-02-28&format=csv');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="livre-des-recettes-2026-01-01-2026-02-28.csv"',
    );
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    // The quoted client name keeps its « ; » and its quotes inside one field.
    expect(text).toContain('"Café; du ""Port"""');
    const rows = parseFrenchCsv(text);
    expect(rows[0]).toEqual([
      'Date',
      'Client',
      'Nature',
      'Montant',
      'Mode de paiement',
      'Facture',
      'Référence',
    ]);
    expect(rows.every((row) => row.length === 7)).toBe(true);
    expect(rows.slice(1)).toEqual([
      ['20/01/2026', 'Boulangerie Martin', 'Site vitrine', '400,00', 'Virement', first, 'VIR-1'],
      ['', 'Total janvier 2026', '', '400,00', '', '', ''],
      ['05/02/2026', 'Boulangerie Martin', 'Site vitrine', '600,00', 'Chèque', first, 'CHQ 123'],
      ['05/02/2026', 'Café; du "Port"', 'Logo, Cartes', '250,50', 'Espèces', second, ''],
      ['', 'Total février 2026', '', '850,50', '', '', ''],
      ['', 'Total du 01/01/2026 au 28/02/2026', '', '1250,50', '', '', ''],
    ]);
    // Each month's total is the sum of its receipts, and the period's the sum of the months'.
    const receipts = rows.slice(1).filter((row) => row[0] !== '');
    const monthTotals = rows.slice(1, -1).filter((row) => row[0] === '');
    const sum = (list: string[][]) => list.reduce((s, row) => s + frenchCents(row[3] ?? ''), 0);
    expect(sum(receipts)).toBe(125050);
    expect(sum(monthTotals)).toBe(frenchCents(rows.at(-1)?.[3] ?? ''));
  });

  it('writes the header and a zero total for an empty period', async () => {
    const pro = await professionalOn(t, '2026-03-01');
    const res = await api(t, pro.token, 'GET', '/livre-recettes?debut=2025-01-01&fin=2025-12-31&format=csv');
    const rows = parseFrenchCsv(res.rawPayload.subarray(3).toString('utf8'));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual(['', 'Total du 01/01/2025 au 31/12/2025', '', '0,00', '', '', '']);
  });
});

describe('GET /api/livre-recettes?format=pdf', () => {
  it('prints the book by month with its totals', async () => {
    const { pro, first } = await twoMonths();
    const res = await api(t, pro.token, 'GET', '/livre-recettes?debut=2026-01-01&fin=2026-02-28&format=pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="livre-des-recettes-2026-01-01-2026-02-28.pdf"',
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfPageText(pdf);
    for (const expected of [
      'Livre des recettes',
      'Nora Benali',
      'Janvier 2026',
      'Février 2026',
      'Boulangerie Martin',
      first,
      'Total janvier 2026',
      '20/01/2026',
      'Total de la période',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/1\s250,50\s€/);
  });
});
