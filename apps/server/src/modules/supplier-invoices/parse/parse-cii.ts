import type { ParsedEInvoice, ParsedLine, ParsedParty, ParsedVatBreakdown } from '../parsed-einvoice.js';
import { decimalString, decimalToCents } from './decimal-cents.js';
import { isoDate, rate, required, sirenOf, siretOf } from './einvoice-values.js';
import { at, attribute, children, text, textAt, type XmlNode } from './xml-tree.js';

export const CII_NAMESPACE = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** The id of `ids` carrying the scheme `scheme` (ISO 6523: 0002 SIREN, 0009 SIRET; VA a VAT number). */
function idWithScheme(ids: XmlNode[], scheme: string): string | null {
  const found = ids.find((id) => attribute(id, 'schemeID') === scheme);
  return found === undefined ? null : text(found);
}

function party(node: XmlNode | undefined, what: string): ParsedParty {
  const legal = children(at(node, 'SpecifiedLegalOrganization'), 'ID');
  const globals = children(node, 'GlobalID');
  const siret = siretOf(idWithScheme(globals, '0009') ?? idWithScheme(legal, '0009'));
  const address = at(node, 'PostalTradeAddress');
  const ligne = [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), textAt(address, 'LineThree')]
    .filter((l): l is string => l !== null)
    .join(', ');
  return {
    name: required(textAt(node, 'Name'), `le nom ${what}`),
    siren: sirenOf(idWithScheme(legal, '0002') ?? (legal.length === 1 ? text(legal[0]) : null), siret),
    siret,
    vatNumber: idWithScheme(
      children(node, 'SpecifiedTaxRegistration').flatMap((r) => children(r, 'ID')),
      'VA',
    ),
    address: {
      ...(ligne ? { ligne } : {}),
      ...optional('codePostal', textAt(address, 'PostcodeCode')),
      ...optional('ville', textAt(address, 'CityName')),
      ...optional('pays', textAt(address, 'CountryID')),
    },
  };
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}

function line(item: XmlNode, index: number): ParsedLine {
  const what = `ligne ${index + 1}`;
  const quantity = at(item, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const tax = at(item, 'SpecifiedLineTradeSettlement', 'ApplicableTradeTax');
  const price = textAt(item, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice', 'ChargeAmount');
  const net = textAt(
    item,
    'SpecifiedLineTradeSettlement',
    'SpecifiedTradeSettlementLineMonetarySummation',
    'LineTotalAmount',
  );
  return {
    description: textAt(item, 'SpecifiedTradeProduct', 'Name') ?? '',
    quantity: decimalString(required(text(quantity), `la quantité (${what})`), `quantité, ${what}`),
    unitCode: attribute(quantity, 'unitCode'),
    unitPriceCents: decimalToCents(required(price, `le prix unitaire (${what})`), `prix, ${what}`),
    netCents: decimalToCents(required(net, `le montant net (${what})`), `montant, ${what}`),
    vatCategory: textAt(tax, 'CategoryCode'),
    vatRate: rate(textAt(tax, 'RateApplicablePercent')),
  };
}

function vatBreakdown(tax: XmlNode): ParsedVatBreakdown {
  return {
    category: textAt(tax, 'CategoryCode') ?? 'S',
    rate: rate(textAt(tax, 'RateApplicablePercent')),
    baseCents: decimalToCents(required(textAt(tax, 'BasisAmount'), 'la base de TVA'), 'base de TVA'),
    vatCents: decimalToCents(required(textAt(tax, 'CalculatedAmount'), 'le montant de TVA'), 'TVA'),
    exemptionReason: textAt(tax, 'ExemptionReason'),
  };
}

/**
 * A UN/CEFACT CII invoice (EN 16931 syntax of Factur-X) → ParsedEInvoice. Reads what Facturo writes
 * (cii-xml.ts) and what other solutions write in the same profile (MINIMUM/BASIC WL have no lines).
 */
export function parseCii(root: XmlNode, format: 'facturx' | 'cii'): ParsedEInvoice {
  const document = at(root, 'ExchangedDocument');
  const transaction = at(root, 'SupplyChainTradeTransaction');
  const agreement = at(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = at(transaction, 'ApplicableHeaderTradeSettlement');
  const totals = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const currency = textAt(settlement, 'InvoiceCurrencyCode') ?? 'EUR';
  // BT-110 may be written twice (invoice currency and accounting currency): the invoice's one counts.
  const taxTotals = children(totals, 'TaxTotalAmount');
  const taxTotal =
    taxTotals.find((node) => (attribute(node, 'currencyID') ?? currency) === currency) ?? taxTotals[0];
  const grandTotal = required(textAt(totals, 'GrandTotalAmount'), 'le montant TTC');
  const means = at(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  return {
    format,
    typeCode: textAt(document, 'TypeCode') ?? '380',
    numero: required(textAt(document, 'ID'), 'son numéro'),
    dateEmission: required(
      isoDate(textAt(document, 'IssueDateTime', 'DateTimeString'), 'date d’émission'),
      'sa date d’émission',
    ),
    dateEcheance: isoDate(
      textAt(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString'),
      'date d’échéance',
    ),
    currency,
    seller: party(at(agreement, 'SellerTradeParty'), 'du vendeur'),
    buyer: party(at(agreement, 'BuyerTradeParty'), 'de l’acheteur'),
    lines: children(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
    vatBreakdown: children(settlement, 'ApplicableTradeTax').map(vatBreakdown),
    totalHtCents: decimalToCents(
      required(textAt(totals, 'TaxBasisTotalAmount'), 'le montant HT'),
      'total HT',
    ),
    totalVatCents: taxTotal === undefined ? 0 : decimalToCents(text(taxTotal) ?? '0', 'total TVA'),
    totalTtcCents: decimalToCents(grandTotal, 'total TTC'),
    amountDueCents: decimalToCents(textAt(totals, 'DuePayableAmount') ?? grandTotal, 'net à payer'),
    iban: textAt(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'),
    bic: textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID'),
    notes: children(document, 'IncludedNote')
      .map((note) => textAt(note, 'Content'))
      .filter((note): note is string => note !== null),
  };
}
