import {
  CLIENT_ADDRESS_MESSAGE,
  CLIENT_SIREN_MESSAGE,
  DEBIT_OPTION_MENTION,
  DEFAULT_LEGAL_MENTIONS,
  DELIVERY_ADDRESS_MESSAGE,
  DELIVERY_DATE_MESSAGE,
  FRANCHISE_TVA_MENTION,
  frenchVatNumber,
  type Invoice,
  ISSUER_ADDRESS_MESSAGE,
} from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../test/factories.js';
import { section, value } from '../../test/facturx.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { embeddedFile, pdfPageText } from '../../test/pdf.js';
import { CONSUMER_PENALTIES_NOTE } from './document/cii-xml.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

const lines = [{ description: 'Conseil', quantite: 1, prixUnitaire: 100 }];

function post(token: string, body: Record<string, unknown>) {
  return t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: { delaiPaiement: 30, lignes: lines, ...body },
  });
}

async function pdfOf(token: string, id: string): Promise<{ text: string; xml: string }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/factures/${id}/pdf`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode).toBe(200);
  return { text: pdfPageText(res.rawPayload), xml: embeddedFile(res.rawPayload).toString('utf8') };
}

describe('what an invoice needs before it is written', () => {
  it('the issuer’s full address, on creation and on a full edit', async () => {
    const { token, user } = await signedInUser(t, { ville: '' });
    const client = await createClient(t, token);
    const refused = await post(token, { client: client._id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errorType: 'validation_error',
      message: ISSUER_ADDRESS_MESSAGE,
      requiresIssuerAddress: true,
    });
    await t.database.executeSql("UPDATE users SET ville = 'Paris' WHERE id = $1", [user._id]);
    const created = (await post(token, { client: client._id })).json<Invoice>();
    await t.database.executeSql("UPDATE users SET adresse = '' WHERE id = $1", [user._id]);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/factures/${created._id}`,
      token,
      body: { client: client._id, lignes: lines },
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json()).toMatchObject({ requiresIssuerAddress: true });
  });

  it('the client’s street, postal code and city, on creation and on a full edit', async () => {
    const { token } = await signedInUser(t);
    const incomplete = await createClient(t, token, { adresse: { rue: '1 rue Haute', codePostal: '44000' } });
    const refused = await post(token, { client: incomplete._id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errorType: 'validation_error',
      message: CLIENT_ADDRESS_MESSAGE,
      requiresClientAddress: true,
    });
    const complete = await createClient(t, token);
    const created = (await post(token, { client: complete._id })).json<Invoice>();
    const edit = await t.request({
      method: 'PUT',
      url: `/api/factures/${created._id}`,
      token,
      body: { client: incomplete._id, lignes: lines },
    });
    expect(edit.json()).toMatchObject({ message: CLIENT_ADDRESS_MESSAGE, requiresClientAddress: true });
  });

  it('the SIREN of a French business, not of a foreign one nor of an individual', async () => {
    const { token } = await signedInUser(t);
    const french = await createClient(t, token, { type: 'entreprise' });
    const refused = await post(token, { client: french._id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      errorType: 'validation_error',
      message: CLIENT_SIREN_MESSAGE,
      requiresClientSiren: true,
    });
    const withSiren = await createClient(t, token, { type: 'entreprise', siret: '552100554' });
    expect((await post(token, { client: withSiren._id })).statusCode).toBe(201);
    const belgian = await createClient(t, token, {
      type: 'entreprise',
      adresse: { rue: 'Rue Neuve 8', codePostal: '1000', ville: 'Bruxelles', pays: 'Belgique' },
    });
    expect((await post(token, { client: belgian._id })).statusCode).toBe(201);
    const individual = await createClient(t, token, { type: 'particulier' });
    expect((await post(token, { client: individual._id })).statusCode).toBe(201);
  });
});

describe('mentions that follow the invoice', () => {
  it('starts from the saved mentions, overridden field by field by the body', async () => {
    const { token } = await signedInUser(t);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/mentions-legales',
      token,
      body: {
        mentionLibre: 'Merci de votre confiance.',
        natureOperation: 'mixte',
        escompte: 'Escompte 2 % à 8 jours.',
      },
    });
    expect(saved.statusCode).toBe(200);
    const client = await createClient(t, token);
    const invoice = (
      await post(token, { client: client._id, mentionsLegales: { escompte: 'Pas d’escompte.' } })
    ).json<Invoice>();
    expect(invoice.mentionsLegales).toMatchObject({
      mentionLibre: 'Merci de votre confiance.',
      natureOperation: 'mixte',
      escompte: 'Pas d’escompte.',
      conditionsPaiement: DEFAULT_LEGAL_MENTIONS.conditionsPaiement,
    });
  });

  it('a 45-day term says 45 days in the detail, the PDF and the XML; the issuer’s own wording stays', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(t, token);
    // The old wizard sent the 30-day sentence whatever the term.
    const res = await post(token, {
      client: client._id,
      delaiPaiement: 45,
      mentionsLegales: { conditionsPaiement: DEFAULT_LEGAL_MENTIONS.conditionsPaiement },
    });
    const invoice = res.json<Invoice>();
    const sentence = 'Règlement sous 45 jours à compter de la date d’émission de la facture.';
    expect(invoice.mentionsLegales.conditionsPaiement).toBe(sentence);
    const { text, xml } = await pdfOf(token, invoice._id);
    expect(text).toContain(sentence);
    expect(text).not.toMatch(/30 jours|\(45 jours\)/);
    expect(value(section(xml, 'ram:SpecifiedTradePaymentTerms'), 'ram:Description')).toBe(sentence);

    const own = 'Paiement à 45 jours fin de mois par virement.';
    const kept = await post(token, {
      client: client._id,
      delaiPaiement: 45,
      mentionsLegales: { conditionsPaiement: own },
    });
    expect(kept.json<Invoice>().mentionsLegales.conditionsPaiement).toBe(own);
    // An edit to 60 days rewrites the generated sentence.
    const edited = await t.request({
      method: 'PUT',
      url: `/api/factures/${invoice._id}`,
      token,
      body: { ...invoice, client: client._id, delaiPaiement: 60 },
    });
    expect(edited.json<Invoice>().mentionsLegales.conditionsPaiement).toBe(
      'Règlement sous 60 jours à compter de la date d’émission de la facture.',
    );
  });

  it('late penalties and the 40 € indemnity for every business buyer, never for an individual', async () => {
    const { token } = await signedInUser(t);
    const individual = await createClient(t, token);
    const b2c = (await post(token, { client: individual._id })).json<Invoice>();
    expect(b2c.mentionsProfessionnelles).toBe(false);
    const b2cPdf = await pdfOf(token, b2c._id);
    expect(b2cPdf.text).not.toContain('40 €');
    expect(b2cPdf.text).not.toContain('3 fois le taux d’intérêt légal');
    expect(b2cPdf.text).toContain(FRANCHISE_TVA_MENTION);
    // BR-FR-05 wants the notes anyway: they say the mentions do not apply.
    expect(b2cPdf.xml).toContain(CONSUMER_PENALTIES_NOTE);

    const german = await createClient(t, token, {
      type: 'entreprise',
      nom: 'Müller GmbH',
      adresse: { rue: 'Hauptstraße 5', codePostal: '10115', ville: 'Berlin', pays: 'Germany' },
    });
    const b2b = (await post(token, { client: german._id })).json<Invoice>();
    expect(b2b.mentionsProfessionnelles).toBe(true);
    expect(b2b.client.adresse).toMatchObject({ pays: 'Allemagne', codePays: 'DE' });
    const b2bPdf = await pdfOf(token, b2b._id);
    expect(b2bPdf.text).toContain(DEFAULT_LEGAL_MENTIONS.indemniteForfaitaire);
    expect(b2bPdf.text).toContain(DEFAULT_LEGAL_MENTIONS.penalitesRetard);
    expect(b2bPdf.text).toContain('Allemagne');
    expect(value(section(b2bPdf.xml, 'ram:BuyerTradeParty'), 'ram:CountryID')).toBe('DE');
  });
});

describe('delivery, registration, insurance and snapshots', () => {
  it('dates the delivery on the issue date unless told, and keeps a delivery address with its country', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(t, token);
    const plain = (await post(token, { client: client._id })).json<Invoice>();
    expect(plain).toMatchObject({ dateLivraison: plain.dateEmission, adresseLivraison: null });

    const delivered = (
      await post(token, {
        client: client._id,
        dateLivraison: '2026-01-15',
        adresseLivraison: { rue: 'Avenue Louise 54', codePostal: '1050', ville: 'Ixelles', pays: 'Belgique' },
      })
    ).json<Invoice>();
    expect(delivered).toMatchObject({
      dateLivraison: '2026-01-15',
      adresseLivraison: {
        rue: 'Avenue Louise 54',
        codePostal: '1050',
        ville: 'Ixelles',
        pays: 'Belgique',
        codePays: 'BE',
      },
    });
    const stored = await t.database.executeSql('SELECT delivery_address FROM invoices WHERE id = $1', [
      delivered._id,
    ]);
    expect(stored.rows).toEqual([
      { delivery_address: { rue: 'Avenue Louise 54', codePostal: '1050', ville: 'Ixelles', pays: 'BE' } },
    ]);
    const { text, xml } = await pdfOf(token, delivered._id);
    expect(text).toContain('15/01/2026');
    expect(text).toContain('Avenue Louise 54, 1050 Ixelles, Belgique');
    expect(value(section(xml, 'ram:ShipToTradeParty'), 'ram:CountryID')).toBe('BE');
    expect(value(section(xml, 'ram:ActualDeliverySupplyChainEvent'), 'udt:DateTimeString')).toBe('20260115');

    // PUT without the fields keeps them; null removes the address; a bad date or address is refused.
    const edit = (body: Record<string, unknown>) =>
      t.request({
        method: 'PUT',
        url: `/api/factures/${delivered._id}`,
        token,
        body: { client: client._id, lignes: lines, ...body },
      });
    expect((await edit({})).json<Invoice>()).toMatchObject({ dateLivraison: '2026-01-15' });
    expect((await edit({ adresseLivraison: null })).json<Invoice>().adresseLivraison).toBeNull();
    for (const [body, message] of [
      [{ dateLivraison: '2026-02-30' }, DELIVERY_DATE_MESSAGE],
      [{ dateLivraison: '15/01/2026' }, DELIVERY_DATE_MESSAGE],
      [{ adresseLivraison: { rue: 'Quai 1', ville: 'Gand', pays: 'BE' } }, DELIVERY_ADDRESS_MESSAGE],
    ] as const) {
      const res = await edit(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('snapshots the issuer’s VAT details, registration and insurance, and prints them', async () => {
    const { token } = await signedInUser(t, {
      siret: '12345678200010',
      regimeTva: 'reel',
      optionDebits: true,
      tvaIntracommunautaire: frenchVatNumber('123456782'),
      rcsRm: 'RCS Paris 123 456 782',
      assureur: 'MAAF Pro',
      assuranceCouverture: 'France métropolitaine',
    });
    const client = await createClient(t, token, {
      type: 'entreprise',
      nom: 'Studio Brussel SRL',
      tvaIntracommunautaire: 'BE0123456749',
      adresse: { rue: 'Rue Neuve 8', codePostal: '1000', ville: 'Bruxelles', pays: 'BE' },
    });
    const invoice = (await post(token, { client: client._id })).json<Invoice>();
    expect(invoice.emetteur).toMatchObject({
      regimeTva: 'reel',
      optionDebits: true,
      tvaIntracommunautaire: 'FR11123456782',
      rcsRm: 'RCS Paris 123 456 782',
      assureur: 'MAAF Pro',
      assuranceCouverture: 'France métropolitaine',
    });
    expect(invoice.client).toMatchObject({
      type: 'entreprise',
      tvaIntracommunautaire: 'BE0123456749',
      siren: null,
      adresse: { pays: 'Belgique', codePays: 'BE' },
    });
    expect(invoice.mentionsLegales.tvaIntracommunautaire).toBe('FR11123456782');
    const { text, xml } = await pdfOf(token, invoice._id);
    expect(text).toContain('RCS Paris 123 456 782');
    expect(text).toContain('Assurance professionnelle : MAAF Pro — couverture : France métropolitaine');
    expect(text).toContain('N° TVA : FR11123456782');
    expect(text).toContain('N° TVA : BE0123456749');
    expect(text).toContain(DEBIT_OPTION_MENTION);
    expect(section(xml, 'ram:SellerTradeParty')).toContain('<ram:ID schemeID="VA">FR11123456782</ram:ID>');
    expect(section(xml, 'ram:BuyerTradeParty')).toContain('<ram:ID schemeID="VA">BE0123456749</ram:ID>');
  });

  it('reads an invoice written before issue 12 with the documented defaults', async () => {
    const { token } = await signedInUser(t);
    const client = await createClient(t, token);
    const invoice = (await post(token, { client: client._id })).json<Invoice>();
    // As the rows were: no unit nor rate per line, no VAT details, a country name, a business = a SIRET,
    // the VAT number among the mentions, no delivery date.
    await t.database.executeSql(
      `UPDATE invoices SET
         lines = '[{"description":"Conseil","quantityThousandths":1000,"unitPriceCents":10000,"totalCents":10000}]',
         issuer_snapshot = issuer_snapshot - 'regimeTva' - 'optionDebits' - 'tvaIntracommunautaire' - 'rcsRm' - 'assureur' - 'assuranceCouverture',
         client_snapshot = (client_snapshot - 'type' - 'tvaIntracommunautaire')
           || '{"siret":"55210055400021","adresse":{"rue":"Hauptstraße 5","codePostal":"10115","ville":"Berlin","pays":"Allemagne"}}',
         mentions = mentions || '{"tvaIntracommunautaire":"FR11123456782"}',
         date_livraison = NULL, vat_category = DEFAULT
       WHERE id = $1`,
      [invoice._id],
    );
    const res = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}`, token });
    expect(res.statusCode).toBe(200);
    expect(res.json<Invoice>()).toMatchObject({
      lignes: [{ unite: 'unite', tauxTVA: 0, montant: 100 }],
      emetteur: {
        regimeTva: 'franchise',
        optionDebits: false,
        tvaIntracommunautaire: 'FR11123456782',
        rcsRm: '',
      },
      client: { type: 'entreprise', siren: '552100554', adresse: { pays: 'Allemagne', codePays: 'DE' } },
      categorieTVA: 'E',
      mentionsProfessionnelles: true,
      dateLivraison: invoice.dateEmission,
      ventilationTVA: [{ taux: 0, baseHT: 100, montantTVA: 0 }],
    });
    const { xml } = await pdfOf(token, invoice._id);
    expect(value(section(xml, 'ram:BuyerTradeParty'), 'ram:CountryID')).toBe('DE');
  });
});
