import {
  EXPORT_MENTION,
  FRANCHISE_RATE_MESSAGE,
  FRANCHISE_TVA_MENTION,
  frenchVatNumber,
  INTRA_EU_GOODS_MENTION,
  type Invoice,
  REVERSE_CHARGE_MENTION,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_RATE_MESSAGE,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser, uniqueSiret } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** Their SIREN, which the VAT number carries; each gets their own establishment (one company, one account). */
const SIREN = '123456782';

/** A professional who charges VAT, with the VAT number of their SIREN. */
async function vatRegistered(values: Parameters<typeof signedInUser>[1] = {}) {
  return signedInUser(t, {
    siret: uniqueSiret(SIREN),
    regimeTva: 'reel',
    tvaIntracommunautaire: frenchVatNumber(SIREN),
    ...values,
  });
}

function post(token: string, body: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/factures', token, body: { delaiPaiement: 30, ...body } });
}

const belgianBusiness = {
  nom: 'Studio Brussel SRL',
  type: 'entreprise',
  tvaIntracommunautaire: 'BE0123456749',
  adresse: { rue: 'Rue Neuve 8', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
};

describe('VAT on invoices', () => {
  it('computes each rate on its own base: 2 × 500 € at 20 % + 10 × 12,50 € at 5,5 %', async () => {
    const { token } = await vatRegistered();
    const client = await createClient(t, token, { type: 'entreprise', siret: '55210055400021' });
    const res = await post(token, {
      client: client._id,
      lignes: [
        { description: 'Mobilier', quantite: 2, unite: 'forfait', prixUnitaire: 500, tauxTVA: 20 },
        { description: 'Livres', quantite: 10, prixUnitaire: '12,50', tauxTVA: '5,5' },
      ],
    });
    expect(res.statusCode).toBe(201);
    const invoice = res.json<Invoice>();
    expect(invoice).toMatchObject({
      montantHT: 1125,
      montantTVA: 206.88,
      montantTTC: 1331.88,
      tauxTVA: 20,
      categorieTVA: 'S',
      mentionTVA: '',
      ventilationTVA: [
        { taux: 20, baseHT: 1000, montantTVA: 200 },
        { taux: 5.5, baseHT: 125, montantTVA: 6.88 },
      ],
    });
    expect(invoice.lignes.map((l) => [l.unite, l.tauxTVA, l.montant])).toEqual([
      ['forfait', 20, 1000],
      ['unite', 5.5, 125],
    ]);
    const stored = await t.database.executeSql(
      // bigint comes back as a string from node-postgres and as a number from PGlite: compare integers.
      'SELECT total_ht_cents::int AS total_ht_cents, total_vat_cents::int AS total_vat_cents, total_ttc_cents::int AS total_ttc_cents, vat_rate, vat_category FROM invoices WHERE id = $1',
      [invoice._id],
    );
    expect(stored.rows).toEqual([
      {
        total_ht_cents: 112500,
        total_vat_cents: 20688,
        total_ttc_cents: 133188,
        vat_rate: '20.00',
        vat_category: 'S',
      },
    ]);
    // The same numbers come back on a read.
    const read = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}`, token });
    expect(read.json<Invoice>().ventilationTVA).toEqual(invoice.ventilationTVA);
  });

  it('takes the line’s rate, else the invoice’s, else 20 % for a VAT-registered seller', async () => {
    const { token } = await vatRegistered();
    const client = await createClient(t, token);
    const line = { description: 'Conseil', quantite: 1, prixUnitaire: 100 };
    const defaults = await post(token, { client: client._id, lignes: [line] });
    expect(defaults.json<Invoice>()).toMatchObject({ montantTVA: 20, tauxTVA: 20, categorieTVA: 'S' });
    const invoiceRate = await post(token, {
      client: client._id,
      tauxTVA: '10',
      lignes: [line, { ...line, tauxTVA: 5.5 }, { ...line, tauxTVA: '' }],
    });
    expect(invoiceRate.json<Invoice>().lignes.map((l) => l.tauxTVA)).toEqual([10, 5.5, 10]);
    // The largest base decides the headline rate: 200 € at 10 % against 100 € at 5,5 %.
    expect(invoiceRate.json<Invoice>()).toMatchObject({ tauxTVA: 10, montantTVA: 25.5 });
    // A 0 % line under VAT names its exemption, beside the charged ones.
    const zero = await post(token, {
      client: client._id,
      lignes: [line, { ...line, tauxTVA: 0, motifExoneration: 'VATEX-EU-132' }],
    });
    expect(zero.json<Invoice>().ventilationTVA).toEqual([
      { taux: 20, baseHT: 100, montantTVA: 20 },
      { taux: 0, baseHT: 100, montantTVA: 0 },
    ]);
  });

  it('refuses a rate outside the French list, and any rate under the franchise', async () => {
    const vat = await vatRegistered();
    const franchise = await signedInUser(t);
    const cases: [string, Record<string, unknown>, string][] = [
      [vat.token, { tauxTVA: 7 }, VAT_RATE_MESSAGE],
      [vat.token, { tauxTVA: 'vingt' }, VAT_RATE_MESSAGE],
      [vat.token, { tauxTVA: '19,6' }, VAT_RATE_MESSAGE],
      [franchise.token, { tauxTVA: 20 }, FRANCHISE_RATE_MESSAGE],
      [franchise.token, { tauxTVA: '5,5' }, FRANCHISE_RATE_MESSAGE],
    ];
    for (const [token, rate, message] of cases) {
      const client = await createClient(t, token);
      const res = await post(token, {
        client: client._id,
        lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100, ...rate }],
      });
      expect(res.statusCode, JSON.stringify(rate)).toBe(400);
      expect(res.json()).toMatchObject({ errorType: 'validation_error', message });
    }
    const invoiceWide = await post(franchise.token, {
      client: (await createClient(t, franchise.token))._id,
      tauxTVA: 10,
      lignes: [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }],
    });
    expect(invoiceWide.json()).toMatchObject({ message: FRANCHISE_RATE_MESSAGE });
  });

  it('under the franchise: category E, 0 %, the art. 293 B mention, TTC = HT', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(t, token);
    const res = await post(token, {
      client: client._id,
      tauxTVA: '0',
      lignes: [{ description: 'Conseil', quantite: 2, prixUnitaire: 80 }],
    });
    expect(res.json<Invoice>()).toMatchObject({
      categorieTVA: 'E',
      mentionTVA: FRANCHISE_TVA_MENTION,
      tauxTVA: 0,
      montantTVA: 0,
      montantTTC: 160,
      ventilationTVA: [{ taux: 0, baseHT: 160, montantTVA: 0 }],
    });
  });

  it('reverse-charges services to an EU business, exempts goods to it, exports outside the EU', async () => {
    const { token } = await vatRegistered();
    const line = { description: 'Prestation', quantite: 1, prixUnitaire: 1000, tauxTVA: 20 };
    const belgian = await createClient(t, token, belgianBusiness);
    // The 20 % asked is zeroed: the buyer's status decides, and the mention says why.
    const services = await post(token, { client: belgian._id, lignes: [line] });
    expect(services.json<Invoice>()).toMatchObject({
      categorieTVA: 'AE',
      mentionTVA: REVERSE_CHARGE_MENTION,
      montantTVA: 0,
      montantTTC: 1000,
      mentionsProfessionnelles: true,
    });
    expect(services.json<Invoice>().lignes[0]?.tauxTVA).toBe(0);
    const goods = await post(token, {
      client: belgian._id,
      lignes: [line],
      mentionsLegales: { natureOperation: 'biens' },
    });
    expect(goods.json<Invoice>()).toMatchObject({ categorieTVA: 'K', mentionTVA: INTRA_EU_GOODS_MENTION });
    const american = await createClient(t, token, {
      type: 'entreprise',
      adresse: { rue: '1 Main Street', codePostal: '10001', ville: 'New York', pays: 'États-Unis' },
    });
    const exported = await post(token, { client: american._id, lignes: [line] });
    expect(exported.json<Invoice>()).toMatchObject({
      categorieTVA: 'G',
      mentionTVA: EXPORT_MENTION,
      montantTVA: 0,
    });
    // An individual in the EU pays French VAT.
    const belgianIndividual = await createClient(t, token, {
      nom: 'Anne Peeters',
      adresse: belgianBusiness.adresse,
    });
    const consumer = await post(token, { client: belgianIndividual._id, lignes: [line] });
    expect(consumer.json<Invoice>()).toMatchObject({
      categorieTVA: 'S',
      montantTVA: 200,
      mentionsProfessionnelles: false,
    });
  });

  it('needs the seller’s VAT number to charge VAT, and recomputes on a full edit', async () => {
    const noNumber = await signedInUser(t, { regimeTva: 'reel' });
    const client = await createClient(t, noNumber.token);
    const line = { description: 'Conseil', quantite: 1, prixUnitaire: 100 };
    const refused = await post(noNumber.token, { client: client._id, lignes: [line] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errorType: 'validation_error',
      message: VAT_NUMBER_REQUIRED_MESSAGE,
      requiresVatNumber: true,
    });

    const { token } = await vatRegistered();
    const own = await createClient(t, token);
    const created = (await post(token, { client: own._id, lignes: [line] })).json<Invoice>();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/factures/${created._id}`,
      token,
      body: { ...created, client: own._id, lignes: [{ ...line, quantite: 3, tauxTVA: 5.5 }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Invoice>()).toMatchObject({
      montantHT: 300,
      montantTVA: 16.5,
      montantTTC: 316.5,
      tauxTVA: 5.5,
      ventilationTVA: [{ taux: 5.5, baseHT: 300, montantTVA: 16.5 }],
    });
  });
});
