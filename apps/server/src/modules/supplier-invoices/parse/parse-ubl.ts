import type { ParsedEInvoice, ParsedLine, ParsedParty, ParsedVatBreakdown } from '../parsed-einvoice.js';
import { decimalString, decimalToCents } from './decimal-cents.js';
import { isoDate, rate, required, sirenOf, siretOf } from './einvoice-values.js';
import { at, attribute, children, text, textAt, type XmlNode } from './xml-tree.js';

export const UBL_INVOICE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const UBL_CREDIT_NOTE_NAMESPACE = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

function withScheme(nodes: XmlNode[], scheme: string): string | null {
  const found = nodes.find((node) => attribute(node, 'schemeID') === scheme);
  return found === undefined ? null : text(found);
}

function party(node: XmlNode | undefined, what: string): ParsedParty {
  const legal = at(node, 'PartyLegalEntity');
  const identifications = children(node, 'PartyIdentification').flatMap((p) => children(p, 'ID'));
  const legalIds = children(legal, 'CompanyID');
  const siret = siretOf(withScheme(identifications, '0009') ?? withScheme(legalIds, '0009'));
  // BT-31: the PartyTaxScheme whose scheme is VAT (another one may carry a tax registration).
  const vat = children(node, 'PartyTaxScheme').find(
    (scheme) => (textAt(scheme, 'TaxScheme', 'ID') ?? 'VAT') === 'VAT',
  );
  const address = at(node, 'PostalAddress');
  const ligne = [textAt(address, 'StreetName'), textAt(address, 'AdditionalStreetName')]
    .filter((l): l is string => l !== null)
    .join(', ');
  const name = textAt(legal, 'RegistrationName') ?? textAt(node, 'PartyName', 'Name');
  return {
    name: required(name, `le nom ${what}`),
    siren: sirenOf(withScheme(legalIds, '0002') ?? (legalIds.length === 1 ? text(legalIds[0]) : null), siret),
    siret,
    vatNumber: textAt(vat, 'CompanyID'),
    address: {
      ...(ligne ? { ligne } : {}),
      ...optional('codePostal', textAt(address, 'PostalZone')),
      ...optional('ville', textAt(address, 'CityName')),
      ...optional('pays', textAt(address, 'Country', 'IdentificationCode')),
    },
  };
}

function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value === null ? {} : ({ [key]: value } as Record<K, string>);
}

function line(item: XmlNode, index: number): ParsedLine {
  const what = `ligne ${index + 1}`;
  const quantity = at(item, 'InvoicedQuantity') ?? at(item, 'CreditedQuantity');
  const category = at(item, 'Item', 'ClassifiedTaxCategory');
  return {
    description: textAt(item, 'Item', 'Name') ?? textAt(item, 'Item', 'Description') ?? '',
    quantity: decimalString(required(text(quantity), `la quantité (${what})`), `quantité, ${what}`),
    unitCode: attribute(quantity, 'unitCode'),
    unitPriceCents: decimalToCents(
      required(textAt(item, 'Price', 'PriceAmount'), `le prix unitaire (${what})`),
      `prix, ${what}`,
    ),
    netCents: decimalToCents(
      required(textAt(item, 'LineExtensionAmount'), `le montant net (${what})`),
      `montant, ${what}`,
    ),
    vatCategory: textAt(category, 'ID'),
    vatRate: rate(textAt(category, 'Percent')),
  };
}

function vatBreakdown(subtotal: XmlNode): ParsedVatBreakdown {
  const category = at(subtotal, 'TaxCategory');
  return {
    category: textAt(category, 'ID') ?? 'S',
    rate: rate(textAt(category, 'Percent')),
    baseCents: decimalToCents(required(textAt(subtotal, 'TaxableAmount'), 'la base de TVA'), 'base de TVA'),
    vatCents: decimalToCents(required(textAt(subtotal, 'TaxAmount'), 'le montant de TVA'), 'TVA'),
    exemptionReason: textAt(category, 'TaxExemptionReason'),
  };
}

/** An OASIS UBL 2.1 Invoice or CreditNote (EN 16931 syntax) → ParsedEInvoice. */
export function parseUbl(root: XmlNode, creditNote: boolean): ParsedEInvoice {
  const currency = textAt(root, 'DocumentCurrencyCode') ?? 'EUR';
  // The TaxTotal in the document's currency carries the breakdown; a second one may be in the tax currency.
  const taxTotals = children(root, 'TaxTotal');
  const taxTotal =
    taxTotals.find((total) => (attribute(at(total, 'TaxAmount'), 'currencyID') ?? currency) === currency) ??
    taxTotals[0];
  const totals = at(root, 'LegalMonetaryTotal');
  const grandTotal = required(textAt(totals, 'TaxInclusiveAmount'), 'le montant TTC');
  const means = at(root, 'PaymentMeans');
  return {
    format: 'ubl',
    typeCode:
      textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (creditNote ? '381' : '380'),
    numero: required(textAt(root, 'ID'), 'son numéro'),
    dateEmission: required(isoDate(textAt(root, 'IssueDate'), 'date d’émission'), 'sa date d’émission'),
    dateEcheance: isoDate(textAt(root, 'DueDate') ?? textAt(means, 'PaymentDueDate'), 'date d’échéance'),
    currency,
    seller: party(at(root, 'AccountingSupplierParty', 'Party'), 'du vendeur'),
    buyer: party(at(root, 'AccountingCustomerParty', 'Party'), 'de l’acheteur'),
    lines: children(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine').map(line),
    vatBreakdown: children(taxTotal, 'TaxSubtotal').map(vatBreakdown),
    totalHtCents: decimalToCents(required(textAt(totals, 'TaxExclusiveAmount'), 'le montant HT'), 'total HT'),
    totalVatCents: decimalToCents(textAt(taxTotal, 'TaxAmount') ?? '0', 'total TVA'),
    totalTtcCents: decimalToCents(grandTotal, 'total TTC'),
    amountDueCents: decimalToCents(textAt(totals, 'PayableAmount') ?? grandTotal, 'net à payer'),
    iban: textAt(means, 'PayeeFinancialAccount', 'ID'),
    bic: textAt(means, 'PayeeFinancialAccount', 'FinancialInstitutionBranch', 'ID'),
    notes: children(root, 'Note')
      .map((note) => text(note))
      .filter((note): note is string => note !== null),
  };
}
