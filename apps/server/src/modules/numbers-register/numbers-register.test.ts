import {
  type Dashboard,
  type FranchiseStatus,
  frenchVatNumber,
  type NumbersRegister,
  registerSentence,
} from '@facturo/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import {
  api,
  clientNamed,
  invoiceOf,
  moveTo,
  type Pro,
  parseFrenchCsv,
  professionalOn,
} from '../books/books-test-kit.js';

/*
 * One definition of « émise » (DESIGN §5): an unsent numbered invoice is invoiced nowhere (dashboard,
 * franchise gauge, FEC) but is in the numbers register; marked paid it is issued everywhere; deleted unsent,
 * the register says it was cancelled and why.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());
afterEach(() => t.clock.reset());

const SIREN = '732829320';
const line = (prixUnitaire: number) => ({
  lignes: [{ description: 'Prestation', quantite: 1, prixUnitaire }],
});

interface Year {
  pro: Pro;
}

/** FAC-0001 sent (100 €), 0002 unsent (1 000 €), 0003 deleted unsent, 0004 paid unsent (40 €), 0005 deleted with a reason. */
async function aYear(): Promise<Year> {
  let pro = await professionalOn(t, '2026-03-02', {
    siret: uniqueSiret(SIREN),
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(SIREN),
  });
  const client = await clientNamed(t, pro, 'Atelier Durand');
  await invoiceOf(t, pro, client, line(100));
  await invoiceOf(t, pro, client, line(1000), { sent: false });
  const deleted = await invoiceOf(t, pro, client, line(7), { sent: false });
  expect((await api(t, pro.token, 'DELETE', `/factures/${deleted._id}`)).statusCode).toBe(204);
  const paid = await invoiceOf(t, pro, client, line(40), { sent: false });
  const marked = await api(t, pro.token, 'PUT', `/factures/${paid._id}/statut-emetteur`, {
    statutEmetteur: 'payee',
  });
  expect(marked.statusCode, marked.body).toBe(200);
  const duplicate = await invoiceOf(t, pro, client, line(9), { sent: false });
  const res = await t.request({
    method: 'DELETE',
    url: `/api/factures/${duplicate._id}?motif=${encodeURIComponent('Doublon de la FAC-2026-0001')}`,
    token: pro.token,
  });
  expect(res.statusCode, res.body).toBe(204);
  pro = await moveTo(t, pro, '2026-03-03');
  return { pro };
}

describe('numbers register and « émise »', () => {
  it('lists every number with what became of it, and counts only issued invoices anywhere else', async () => {
    const { pro } = await aYear();

    const res = await api(t, pro.token, 'GET', '/registre-numeros?annee=2026');
    expect(res.statusCode, res.body).toBe(200);
    const register = res.json<NumbersRegister>();
    expect(
      register.entrees.map((entry) => [entry.numero, entry.issue, entry.etat, entry.motifAnnulation]),
    ).toEqual([
      ['FAC-2026-0001', 'emis', 'Envoyée', null],
      ['FAC-2026-0002', 'brouillon', 'Créée', null],
      ['FAC-2026-0003', 'annule', 'Annulée', 'Supprimée avant tout envoi'],
      ['FAC-2026-0004', 'emis', 'Payée', null],
      ['FAC-2026-0005', 'annule', 'Annulée', 'Doublon de la FAC-2026-0001'],
    ]);
    expect(register.entrees[1]).toMatchObject({ client: 'Atelier Durand', date: '2026-03-02', emis: false });
    expect(register.resume).toEqual({ attribues: 5, emis: 2, brouillons: 1, annules: 2, lacunes: 0 });
    expect(registerSentence(register.resume)).toBe(
      '5 numéros attribués, dont 2 émis, 1 brouillon, 2 annulés',
    );

    const csv = await api(t, pro.token, 'GET', '/registre-numeros.csv?annee=2026');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('registre-des-numeros-2026.csv');
    const rows = parseFrenchCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(rows[0]?.[0]).toBe('Numéro');
    expect(rows.slice(1).map((row) => row[0])).toEqual([1, 2, 3, 4, 5].map((n) => `FAC-2026-000${n}`));

    // Invoiced: 100 € + 40 € excluding VAT, 168 € with 20 % VAT, never the unsent 1 000 €.
    const dashboard = (await api(t, pro.token, 'GET', '/tableau-de-bord')).json<Dashboard>();
    if (dashboard.vue !== 'professionnel') throw new Error('a professional dashboard was expected');
    expect(dashboard.mois.find((month) => month.mois === '2026-03')?.facture).toBe(168);
    expect(dashboard.topClients.map((client) => client.facture)).toEqual([168]);
    const franchise = (await api(t, pro.token, 'GET', '/users/me/franchise')).json<FranchiseStatus>();
    expect(franchise.chiffreAffairesHT).toBe(140);

    const fec = await api(t, pro.token, 'GET', '/fec?annee=2026');
    expect(fec.statusCode).toBe(200);
    expect(fec.body).toContain('FAC-2026-0001');
    expect(fec.body).toContain('FAC-2026-0004');
    for (const unissued of ['FAC-2026-0002', 'FAC-2026-0003', 'FAC-2026-0005'])
      expect(fec.body).not.toContain(unissued);
  });

  it('reports a year without numbers as empty, and refuses a malformed year', async () => {
    const pro = await professionalOn(t, '2026-03-02');
    const empty = await api(t, pro.token, 'GET', '/registre-numeros?annee=2025');
    expect(empty.json<NumbersRegister>().resume).toEqual({
      attribues: 0,
      emis: 0,
      brouillons: 0,
      annules: 0,
      lacunes: 0,
    });
    const bad = await api(t, pro.token, 'GET', '/registre-numeros?annee=26');
    expect(bad.statusCode).toBe(400);
  });
});
