import { PURCHASE_MESSAGES, type PurchaseList } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.js';
import { signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { pdfPageText } from '../../test/pdf.js';
import { purchasesRegisterCsv } from './purchases-register.js';
import {
  createPurchase,
  frenchNumberCents,
  readFrenchCsv,
  SAMPLE_PDF,
  uploadReceipt,
} from './purchases-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
beforeEach(() => t.clock.set(new Date('2026-06-15T10:00:00Z')));

const exportOf = (token: string, query: string) =>
  t.request({ method: 'GET', url: `/api/achats/export?${query}`, token });

/** Three purchases over two months (one with a receipt, one whose supplier needs quoting), one outside. */
async function registerWithPurchases() {
  const session = await signedInUser(t, { nom: 'Martin', prenom: 'Claire', siret: uniqueSiret('732829320') });
  const { token } = session;
  const first = await createPurchase(t, token, {
    dateAchat: '2026-02-10',
    fournisseur: 'Papeterie "Le Stylo"; Lyon',
    description: 'Étiquettes',
    montantTTC: '1 200,00',
    montantTVA: '200,00',
    methode: 'virement',
  });
  await uploadReceipt(t, token, first._id, SAMPLE_PDF, { name: 'facture-papeterie.pdf' });
  await createPurchase(t, token, {
    dateAchat: '2026-02-03',
    fournisseur: 'Grossiste Durand',
    description: 'Bougies',
    montantTTC: '99,99',
    montantTVA: '16,67',
    methode: 'carte',
  });
  await createPurchase(t, token, {
    dateAchat: '2026-04-30',
    fournisseur: 'La Poste',
    description: 'Colis',
    montantTTC: '7,35',
    montantTVA: '0',
    methode: 'especes',
  });
  await createPurchase(t, token, { dateAchat: '2026-05-01', fournisseur: 'Hors période' });
  return session;
}

describe('GET /api/achats/export?format=csv', () => {
  it('opens in a French spreadsheet: BOM, ;, quoted fields, decimal commas, the figures of the list', async () => {
    const { token } = await registerWithPurchases();
    const res = await exportOf(token, 'debut=2026-01-01&fin=2026-04-30&format=csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="registre-des-achats-2026-01-01-2026-04-30.csv"',
    );
    expect(res.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(res.body).toContain('\r\n');

    const { bom, rows } = readFrenchCsv(res.rawPayload);
    expect(bom).toBe(true);
    const [header, ...records] = rows;
    expect(header).toEqual([
      'Date',
      'Mois',
      'Fournisseur',
      'Description',
      'Moyen de paiement',
      'Montant HT',
      'TVA',
      'Montant TTC',
      'Justificatif',
    ]);
    expect(records).toEqual([
      [
        '03/02/2026',
        '2026-02',
        'Grossiste Durand',
        'Bougies',
        'Carte bancaire',
        '83,32',
        '16,67',
        '99,99',
        '',
      ],
      [
        '10/02/2026',
        '2026-02',
        'Papeterie "Le Stylo"; Lyon',
        'Étiquettes',
        'Virement',
        '1000,00',
        '200,00',
        '1200,00',
        'facture-papeterie.pdf',
      ],
      ['30/04/2026', '2026-04', 'La Poste', 'Colis', 'Espèces', '7,35', '0,00', '7,35', ''],
    ]);
    // Every record has the header's columns, and the spreadsheet's sums are the list's totals.
    for (const record of records) expect(record).toHaveLength(header?.length ?? 0);
    const sum = (column: number) =>
      records.reduce((total, r) => total + frenchNumberCents(r[column] ?? ''), 0);
    const list = await t.request({
      method: 'GET',
      url: '/api/achats?debut=2026-01-01&fin=2026-04-30',
      token,
    });
    const { totaux } = list.json<PurchaseList>();
    expect([sum(5), sum(6), sum(7)]).toEqual([
      Math.round(totaux.montantHT * 100),
      Math.round(totaux.montantTVA * 100),
      Math.round(totaux.montantTTC * 100),
    ]);
    expect(totaux).toEqual({ montantHT: 1090.67, montantTVA: 216.67, montantTTC: 1307.34 });
  });

  it('is the header alone for an empty period, and the current year by default', async () => {
    const { token } = await signedInUser(t);
    const res = await exportOf(token, 'format=csv');
    expect(res.headers['content-disposition']).toContain('registre-des-achats-2026-01-01-2026-12-31.csv');
    expect(readFrenchCsv(res.rawPayload).rows).toHaveLength(1);
  });

  it('refuses a reversed period and an unknown format in French, and another user sees none of it', async () => {
    const { token } = await registerWithPurchases();
    const reversed = await exportOf(token, 'debut=2026-05-01&fin=2026-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ message: string }>().message).toBe(PURCHASE_MESSAGES.periodOrder);
    const format = await exportOf(token, 'format=xlsx');
    expect(format.statusCode).toBe(400);
    expect(format.json<{ message: string }>().message).toMatch(/csv ou pdf/);

    const other = await signedInUser(t);
    const theirs = await exportOf(other.token, 'debut=2026-01-01&fin=2026-12-31&format=csv');
    expect(readFrenchCsv(theirs.rawPayload).rows).toHaveLength(1);
  });
});

describe('GET /api/achats/export?format=pdf', () => {
  it('prints the register: owner, period, months with their totals HT / TVA / TTC, and the period’s', async () => {
    const { token, user } = await registerWithPurchases();
    const res = await exportOf(token, 'debut=2026-01-01&fin=2026-04-30&format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="registre-des-achats-2026-01-01-2026-04-30.pdf"',
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The text comes in pieces (one per word run or wrapped line): glued back, phrases read whole.
    const text = pdfPageText(res.rawPayload)
      .replace(/\n/g, '')
      .replace(/\u00a0/g, ' ');
    for (const expected of [
      'Registre des achats',
      `Claire Martin — SIRET 732 829 320 ${user.siret?.slice(9)}`,
      'Période du 01/01/2026 au 30/04/2026',
      'Février 2026',
      'Papeterie "Le Stylo"; Lyon',
      'Total février 2026',
      '1 083,32 €',
      '216,67 €',
      'Avril 2026',
      'Total avril 2026',
      'Total de la période',
      '1 307,34 €',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Hors période');
    expect(text).not.toContain('Mars 2026');
  });

  it('says so when the period has no purchase', async () => {
    const { token } = await signedInUser(t);
    const res = await exportOf(token, 'debut=2026-01-01&fin=2026-01-31&format=pdf');
    expect(pdfPageText(res.rawPayload)).toContain('Aucun achat enregistré sur la période.');
  });
});

describe('purchasesRegisterCsv', () => {
  it('is the file the export serves, for another module to keep', async () => {
    const { token, user } = await registerWithPurchases();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user._id));
    if (!row) throw new Error('utilisateur introuvable');
    const file = await purchasesRegisterCsv(t.database.db, row, { debut: '2026-01-01', fin: '2026-04-30' });
    const served = await exportOf(token, 'debut=2026-01-01&fin=2026-04-30&format=csv');
    expect(file.equals(served.rawPayload)).toBe(true);
  });
});
