import {
  DEBIT_OPTION_MENTION,
  DEFAULT_LEGAL_MENTIONS,
  EXPORT_MENTION,
  frenchVatNumber,
  INTRA_EU_GOODS_MENTION,
  REVERSE_CHARGE_MENTION,
  vatExemption,
} from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../../db/schema.js';
import { cents, section, validateAgainstXsd, value, values } from '../../../test/facturx.js';
import { composedInvoiceRow, invoiceRow } from '../../../test/invoice-row.js';
import {
  buildCiiXml,
  CONSUMER_PENALTIES_NOTE,
  CONSUMER_RECOVERY_NOTE,
  VAT_EXEMPTION_CODE,
} from './cii-xml.js';
import { invoiceDocument } from './invoice-document.js';

const xmlOf = (overrides: Partial<InvoiceRow> = {}) => buildCiiXml(invoiceDocument(invoiceRow(overrides)));

const businessClient = {
  nom: 'Atelier <Lumière> & Fils',
  email: 'compta@atelier.fr',
  telephone: '',
  siret: '55210055400021',
  adresse: { rue: '8 avenue Jean-Jaurès', codePostal: '1000', ville: 'Bruxelles', pays: 'Belgique' },
};

describe('factur-x.xml against the Factur-X 1.09 EN 16931 schema', () => {
  it.each([
    ['an individual buyer', {}],
    ['a business buyer abroad with markup characters', { clientSnapshot: businessClient }],
    [
      'control characters pasted into a description',
      {
        lines: [
          {
            description: 'Bip\u0007 et saut\u000b de page\u000c',
            quantityThousandths: 1000,
            unitPriceCents: 100,
            totalCents: 100,
          },
        ],
      },
    ],
    [
      'accents, quotes and an object',
      {
        objet: 'Création « site » d’été',
        mentions: { ...DEFAULT_LEGAL_MENTIONS, mentionLibre: 'Merci & à bientôt' },
      },
    ],
    [
      'goods sold by a VAT-registered seller',
      {
        mentions: {
          ...DEFAULT_LEGAL_MENTIONS,
          natureOperation: 'biens' as const,
          tvaIntracommunautaire: 'FR12 345678901',
        },
      },
    ],
    [
      '200 lines',
      {
        lines: Array.from({ length: 200 }, (_, i) => ({
          description: `Ligne n°${i + 1} — prestation`,
          quantityThousandths: 1250,
          unitPriceCents: 1999 + i,
          totalCents: Math.floor(((1999 + i) * 1250 + 500) / 1000),
        })),
      },
    ],
  ])('validates with %s', async (_label, overrides) => {
    expect(await validateAgainstXsd(xmlOf(overrides))).toEqual([]);
  });

  it('the schema check is real: a misplaced element fails', async () => {
    const broken = xmlOf()
      .replace('<ram:TypeCode>380</ram:TypeCode>', '')
      .replace('</rsm:ExchangedDocument>', '<ram:TypeCode>380</ram:TypeCode></rsm:ExchangedDocument>');
    expect((await validateAgainstXsd(broken)).length).toBeGreaterThan(0);
  });
});

describe('EN 16931 and French business rules on our data', () => {
  it('BR-CO-10/13/15/16: totals add up from the lines', () => {
    const xml = xmlOf();
    const lineSum = values(section(xml, 'rsm:SupplyChainTradeTransaction'), 'ram:LineTotalAmount')
      .slice(0, -1)
      .reduce((sum, amount) => sum + cents(amount), 0);
    const summary = section(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation');
    expect(cents(value(summary, 'ram:LineTotalAmount'))).toBe(lineSum);
    expect(lineSum).toBe(10999);
    expect(value(summary, 'ram:TaxBasisTotalAmount')).toBe(value(summary, 'ram:LineTotalAmount'));
    expect(cents(value(summary, 'ram:GrandTotalAmount'))).toBe(
      cents(value(summary, 'ram:TaxBasisTotalAmount')) + cents(value(summary, 'ram:TaxTotalAmount')),
    );
    expect(value(summary, 'ram:DuePayableAmount')).toBe(value(summary, 'ram:GrandTotalAmount'));
  });

  it('BR-DEC: amounts have two decimals, quantities at most four', () => {
    const xml = xmlOf();
    for (const name of [
      'ram:LineTotalAmount',
      'ram:ChargeAmount',
      'ram:GrandTotalAmount',
      'ram:DuePayableAmount',
      'ram:TaxTotalAmount',
      'ram:BasisAmount',
      'ram:CalculatedAmount',
    ]) {
      for (const amount of values(xml, name)) expect(amount, name).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(values(xml, 'ram:BilledQuantity')).toEqual(['3.000', '0.500']);
  });

  it('mandatory fields: number, type 380, dates, currency, parties and countries', () => {
    const xml = xmlOf();
    expect(value(xml, 'ram:ID')).toBe('S1');
    expect(values(xml, 'ram:ID')).toContain('urn:cen.eu:en16931:2017');
    expect(values(xml, 'ram:ID')).toContain('FAC-2026-0007');
    expect(value(xml, 'ram:TypeCode')).toBe('380');
    // Issue date, delivery date (BT-72: the issue date on invoices written before it existed), due date.
    expect(values(xml, 'udt:DateTimeString')).toEqual(['20261121', '20261121', '20261221']);
    expect(value(xml, 'ram:InvoiceCurrencyCode')).toBe('EUR');
    expect(value(section(xml, 'ram:SellerTradeParty'), 'ram:Name')).toBe('Zoé Lefèvre EI');
    expect(value(section(xml, 'ram:SellerTradeParty'), 'ram:CountryID')).toBe('FR');
    expect(value(section(xml, 'ram:BuyerTradeParty'), 'ram:Name')).toBe('Jean Dupont');
    expect(value(section(xml, 'ram:BuyerTradeParty'), 'ram:CountryID')).toBe('FR');
  });

  it('BR-CO-25: a payable invoice states its due date and payment terms', () => {
    const terms = section(xmlOf(), 'ram:SpecifiedTradePaymentTerms');
    expect(value(terms, 'ram:Description')).toBe(DEFAULT_LEGAL_MENTIONS.conditionsPaiement);
    expect(value(terms, 'udt:DateTimeString')).toBe('20261221');
  });

  it('VAT franchise: category E at 0 % with the VATEX code and the art. 293 B text (BR-E-*)', () => {
    const xml = xmlOf();
    const header = section(section(xml, 'ram:ApplicableHeaderTradeSettlement'), 'ram:ApplicableTradeTax');
    expect(value(header, 'ram:CategoryCode')).toBe('E');
    expect(value(header, 'ram:RateApplicablePercent')).toBe('0');
    expect(value(header, 'ram:CalculatedAmount')).toBe('0.00');
    expect(value(header, 'ram:ExemptionReasonCode')).toBe(VAT_EXEMPTION_CODE);
    expect(value(header, 'ram:ExemptionReason')).toBe('TVA non applicable, art. 293 B du CGI');
    expect(value(header, 'ram:BasisAmount')).toBe('109.99');
    const lineTaxes = section(xml, 'ram:IncludedSupplyChainTradeLineItem');
    expect(value(lineTaxes, 'ram:CategoryCode')).toBe('E');
    // BR-E-02: a seller tax registration (the SIREN as fiscal number when there is no VAT number).
    expect(section(xml, 'ram:SellerTradeParty')).toContain(
      '<ram:SpecifiedTaxRegistration><ram:ID schemeID="FC">123456782</ram:ID>',
    );
  });

  it('identifies the seller by SIRET (scheme 0009) and SIREN (0002), and a business buyer likewise', () => {
    const xml = xmlOf({ clientSnapshot: businessClient });
    const seller = section(xml, 'ram:SellerTradeParty');
    expect(seller).toContain('<ram:GlobalID schemeID="0009">12345678200010</ram:GlobalID>');
    expect(seller).toContain('<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">123456782</ram:ID>');
    const buyer = section(xml, 'ram:BuyerTradeParty');
    expect(buyer).toContain('<ram:GlobalID schemeID="0009">55210055400021</ram:GlobalID>');
    expect(buyer).toContain('<ram:ID schemeID="0002">552100554</ram:ID>');
    expect(value(buyer, 'ram:Name')).toBe('Atelier &lt;Lumière&gt; &amp; Fils');
    expect(value(buyer, 'ram:CountryID')).toBe('BE');
    // An individual has no legal identifiers.
    expect(section(xmlOf(), 'ram:BuyerTradeParty')).not.toContain('schemeID="0002"');
  });

  it('BR-FR-05: notes PMT (40 € indemnity), PMD (late penalties) and AAB (discount) on every invoice', () => {
    const notesOf = (xml: string) =>
      Object.fromEntries(
        [
          ...xml.matchAll(
            /<ram:IncludedNote><ram:Content>([^<]*)<\/ram:Content><ram:SubjectCode>(\w+)<\/ram:SubjectCode>/g,
          ),
        ].map((m) => [m[2], m[1]]),
      );
    expect(notesOf(xmlOf({ clientSnapshot: businessClient }))).toEqual({
      PMT: DEFAULT_LEGAL_MENTIONS.indemniteForfaitaire,
      PMD: DEFAULT_LEGAL_MENTIONS.penalitesRetard,
      AAB: DEFAULT_LEGAL_MENTIONS.escompte,
    });
    // An individual owes neither: the notes the French rules require say so.
    expect(notesOf(xmlOf())).toEqual({
      PMT: CONSUMER_RECOVERY_NOTE,
      PMD: CONSUMER_PENALTIES_NOTE,
      AAB: DEFAULT_LEGAL_MENTIONS.escompte,
    });
  });

  it('BT-23 follows the nature of the operation, and a VAT number replaces the fiscal number', () => {
    const xml = xmlOf({
      mentions: {
        ...DEFAULT_LEGAL_MENTIONS,
        natureOperation: 'mixte',
        tvaIntracommunautaire: 'fr12 345678901',
      },
    });
    expect(value(xml, 'ram:ID')).toBe('M1');
    expect(section(xml, 'ram:SellerTradeParty')).toContain('<ram:ID schemeID="VA">FR12345678901</ram:ID>');
  });
});

const reel = { regimeTva: 'reel' as const, tvaIntracommunautaire: frenchVatNumber('123456782') };
const composedXml = (...args: Parameters<typeof composedInvoiceRow>) =>
  buildCiiXml(invoiceDocument(composedInvoiceRow(...args)));
const taxes = (xml: string) =>
  [
    ...section(xml, 'ram:ApplicableHeaderTradeSettlement').matchAll(
      /<ram:ApplicableTradeTax>.*?<\/ram:ApplicableTradeTax>/g,
    ),
  ].map(([tax]) => ({
    category: value(tax, 'ram:CategoryCode'),
    rate: value(tax, 'ram:RateApplicablePercent'),
    base: value(tax, 'ram:BasisAmount'),
    amount: value(tax, 'ram:CalculatedAmount'),
    reason: value(tax, 'ram:ExemptionReason'),
    code: value(tax, 'ram:ExemptionReasonCode'),
  }));

describe('VAT categories in the XML (issue 12)', () => {
  it('S: one breakdown per rate, each line with its rate and unit code, the debit option noted', () => {
    const xml = composedXml(
      { ...reel, optionDebits: true },
      {},
      {
        client: 'x',
        lignes: [
          { description: 'Mobilier', quantite: 2, prixUnitaire: 500, tauxTVA: 20, unite: 'forfait' },
          { description: 'Livres', quantite: 10, prixUnitaire: '12,50', tauxTVA: '5,5', unite: 'heure' },
          {
            description: 'Débours',
            quantite: 1,
            prixUnitaire: 35,
            tauxTVA: 0,
            motifExoneration: 'VATEX-EU-79-C',
          },
        ],
      },
    );
    expect(taxes(xml)).toEqual([
      { category: 'S', rate: '20', base: '1000.00', amount: '200.00', reason: undefined, code: undefined },
      { category: 'S', rate: '5.5', base: '125.00', amount: '6.88', reason: undefined, code: undefined },
      {
        category: 'E',
        rate: '0',
        base: '35.00',
        amount: '0.00',
        reason: vatExemption('VATEX-EU-79-C')?.mention,
        code: 'VATEX-EU-79-C',
      },
    ]);
    expect(value(xml, 'ram:TaxTotalAmount')).toBe('206.88');
    expect(value(xml, 'ram:GrandTotalAmount')).toBe('1366.88');
    expect([...xml.matchAll(/unitCode="(\w+)"/g)].map((m) => m[1])).toEqual(['LS', 'HUR', 'C62']);
    const lineTaxes = values(section(xml, 'rsm:SupplyChainTradeTransaction'), 'ram:CategoryCode').slice(0, 3);
    expect(lineTaxes).toEqual(['S', 'S', 'E']);
    expect(xml).toContain(
      `<ram:Content>${DEBIT_OPTION_MENTION}</ram:Content><ram:SubjectCode>TXD</ram:SubjectCode>`,
    );
    expect(values(xml, 'ram:DueDateTypeCode')).toEqual(['5', '5']);
    expect(section(xml, 'ram:SellerTradeParty')).toContain('<ram:ID schemeID="VA">FR11123456782</ram:ID>');
  });

  it('AE, K and G: one exempt breakdown with its mention and VATEX code, the buyer’s VAT number', () => {
    const belgian = {
      type: 'entreprise' as const,
      pays: 'BE',
      tvaIntracommunautaire: 'BE0123456749',
    };
    const line = { description: 'Prestation', quantite: 1, prixUnitaire: 1000, tauxTVA: 20 };
    const ae = composedXml(reel, belgian, { client: 'x', lignes: [line] });
    expect(taxes(ae)).toEqual([
      {
        category: 'AE',
        rate: '0',
        base: '1000.00',
        amount: '0.00',
        reason: REVERSE_CHARGE_MENTION,
        code: 'VATEX-EU-AE',
      },
    ]);
    expect(section(ae, 'ram:BuyerTradeParty')).toContain('<ram:ID schemeID="VA">BE0123456749</ram:ID>');
    expect(section(ae, 'ram:ApplicableHeaderTradeDelivery')).not.toContain('ShipToTradeParty');

    const k = composedXml(
      reel,
      { ...belgian, pays: 'Germany', tvaIntracommunautaire: 'DE123456789' },
      {
        client: 'x',
        lignes: [line],
        mentionsLegales: { natureOperation: 'biens' },
      },
    );
    expect(taxes(k)[0]).toMatchObject({ category: 'K', reason: INTRA_EU_GOODS_MENTION, code: 'VATEX-EU-IC' });
    // BR-IC-11/12: the delivery date and the country delivered to, here the buyer's.
    expect(value(section(k, 'ram:ShipToTradeParty'), 'ram:CountryID')).toBe('DE');
    expect(value(section(k, 'ram:ActualDeliverySupplyChainEvent'), 'udt:DateTimeString')).toBe('20261121');

    const g = composedXml(reel, { pays: 'CH', nom: 'Luca Rossi' }, { client: 'x', lignes: [line] });
    expect(taxes(g)[0]).toMatchObject({ category: 'G', reason: EXPORT_MENTION, code: 'VATEX-EU-G' });
    expect(value(section(g, 'ram:BuyerTradeParty'), 'ram:CountryID')).toBe('CH');
  });

  it('a delivery address becomes the ship-to party, with its own country', () => {
    const xml = composedXml(
      {},
      {},
      {
        client: 'x',
        lignes: [{ description: 'Meuble', quantite: 1, prixUnitaire: 100 }],
        adresseLivraison: { rue: 'Avenue Louise 54', codePostal: '1050', ville: 'Ixelles', pays: 'Belgique' },
      },
    );
    const shipTo = section(xml, 'ram:ShipToTradeParty');
    expect(value(shipTo, 'ram:LineOne')).toBe('Avenue Louise 54');
    expect(value(shipTo, 'ram:CountryID')).toBe('BE');
  });
});
