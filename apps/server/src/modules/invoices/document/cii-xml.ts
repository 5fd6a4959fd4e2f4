import { DEFAULT_LEGAL_MENTIONS } from '@facturo/shared';
import type { InvoiceDocument } from './invoice-document.js';

/**
 * The invoice as a UN/CEFACT Cross Industry Invoice of the EN 16931 profile, with the French rules:
 * SIRET (scheme 0009) and SIREN (0002), BT-23 "cadre de facturation", notes PMT/PMD/AAB, and the VAT
 * franchise as category E with exemption code VATEX-FR-FRANCHISE. Elements follow the XSD's order.
 */

const NAMESPACES = [
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
].join(' ');

export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const VAT_EXEMPTION_CODE = 'VATEX-FR-FRANCHISE';

/** XML 1.0 allows tab, line feed, carriage return and everything from the space up (but surrogates/FFFE/FFFF). */
function isXmlChar(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
}

function escapeXml(text: string): string {
  return [...text]
    .filter(isXmlChar)
    .join('')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A tiny element builder: skips an optional element whose content is empty. */
function el(name: string, content: string | null | undefined, attributes = ''): string {
  if (content === null || content === undefined || content === '') return '';
  return `<${name}${attributes ? ` ${attributes}` : ''}>${content}</${name}>`;
}
const text = (name: string, value: string | null | undefined, attributes = '') =>
  el(name, value ? escapeXml(value) : value, attributes);

const date102 = (isoDate: string) =>
  `<udt:DateTimeString format="102">${isoDate.replace(/-/g, '')}</udt:DateTimeString>`;

function address(party: InvoiceDocument['seller'] | InvoiceDocument['buyer']): string {
  return el(
    'ram:PostalTradeAddress',
    text('ram:PostcodeCode', party.postcode) +
      text('ram:LineOne', party.street) +
      text('ram:CityName', party.city) +
      text('ram:CountryID', party.countryCode),
  );
}

function sellerParty(doc: InvoiceDocument): string {
  const { seller } = doc;
  const taxRegistration = seller.vatId
    ? el('ram:SpecifiedTaxRegistration', text('ram:ID', seller.vatId, 'schemeID="VA"'))
    : // Under the franchise there is no VAT number: the fiscal registration is the SIREN (BR-E-02).
      el('ram:SpecifiedTaxRegistration', text('ram:ID', seller.siren, 'schemeID="FC"'));
  return el(
    'ram:SellerTradeParty',
    text('ram:GlobalID', seller.siret, 'schemeID="0009"') +
      text('ram:Name', seller.name) +
      el('ram:SpecifiedLegalOrganization', text('ram:ID', seller.siren, 'schemeID="0002"')) +
      address(seller) +
      el('ram:URIUniversalCommunication', text('ram:URIID', seller.email, 'schemeID="EM"')) +
      taxRegistration,
  );
}

function buyerParty(doc: InvoiceDocument): string {
  const { buyer } = doc;
  return el(
    'ram:BuyerTradeParty',
    text('ram:GlobalID', buyer.siret, 'schemeID="0009"') +
      text('ram:Name', buyer.name) +
      (buyer.siren
        ? el('ram:SpecifiedLegalOrganization', text('ram:ID', buyer.siren, 'schemeID="0002"'))
        : '') +
      address(buyer) +
      el('ram:URIUniversalCommunication', text('ram:URIID', buyer.email, 'schemeID="EM"')),
  );
}

function vatBreakdown(doc: InvoiceDocument, withAmounts: boolean): string {
  return el(
    'ram:ApplicableTradeTax',
    (withAmounts ? text('ram:CalculatedAmount', doc.totalVat) : '') +
      '<ram:TypeCode>VAT</ram:TypeCode>' +
      (withAmounts ? text('ram:ExemptionReason', doc.vatExemption) : '') +
      (withAmounts ? text('ram:BasisAmount', doc.totalHt) : '') +
      '<ram:CategoryCode>E</ram:CategoryCode>' +
      (withAmounts ? text('ram:ExemptionReasonCode', VAT_EXEMPTION_CODE) : '') +
      text('ram:RateApplicablePercent', doc.vatRate),
  );
}

function lineItem(doc: InvoiceDocument, line: InvoiceDocument['lines'][number], index: number): string {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(index + 1))) +
      el('ram:SpecifiedTradeProduct', text('ram:Name', line.description)) +
      el(
        'ram:SpecifiedLineTradeAgreement',
        el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', line.unitPrice)),
      ) +
      el('ram:SpecifiedLineTradeDelivery', text('ram:BilledQuantity', line.quantity, 'unitCode="C62"')) +
      el(
        'ram:SpecifiedLineTradeSettlement',
        vatBreakdown(doc, false) +
          el('ram:SpecifiedTradeSettlementLineMonetarySummation', text('ram:LineTotalAmount', line.total)),
      ),
  );
}

/** SEPA credit transfer code of UNTDID 4461, for BT-81. */
const SEPA_CREDIT_TRANSFER = '58';

/** BG-16/BG-17: the issuer's account (BT-84) and bank (BT-86) when the invoice carries them. */
function paymentMeans(doc: InvoiceDocument): string {
  if (!doc.payment) return '';
  return el(
    'ram:SpecifiedTradeSettlementPaymentMeans',
    `<ram:TypeCode>${SEPA_CREDIT_TRANSFER}</ram:TypeCode>` +
      el('ram:PayeePartyCreditorFinancialAccount', text('ram:IBANID', doc.payment.iban)) +
      el('ram:PayeeSpecifiedCreditorFinancialInstitution', text('ram:BICID', doc.payment.bic)),
  );
}

function note(content: string, subjectCode: string): string {
  return el('ram:IncludedNote', text('ram:Content', content) + text('ram:SubjectCode', subjectCode));
}

export function buildCiiXml(doc: InvoiceDocument): string {
  const notes =
    (doc.objet ? note(doc.objet, 'AAI') : '') +
    (doc.mentionLibre ? note(doc.mentionLibre, 'AAI') : '') +
    // BR-FR-05: the fixed indemnity (PMT), the late penalties (PMD) and the discount terms (AAB).
    note(doc.recoveryIndemnity || DEFAULT_LEGAL_MENTIONS.indemniteForfaitaire, 'PMT') +
    note(doc.latePenalties || DEFAULT_LEGAL_MENTIONS.penalitesRetard, 'PMD') +
    note(doc.discountTerms || DEFAULT_LEGAL_MENTIONS.escompte, 'AAB');

  const body =
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', doc.businessProcess)) +
        el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
    ) +
    el(
      'rsm:ExchangedDocument',
      text('ram:ID', doc.numero) +
        '<ram:TypeCode>380</ram:TypeCode>' +
        el('ram:IssueDateTime', date102(doc.dateEmission)) +
        notes,
    ) +
    el(
      'rsm:SupplyChainTradeTransaction',
      doc.lines.map((line, index) => lineItem(doc, line, index)).join('') +
        el('ram:ApplicableHeaderTradeAgreement', sellerParty(doc) + buyerParty(doc)) +
        '<ram:ApplicableHeaderTradeDelivery/>' +
        el(
          'ram:ApplicableHeaderTradeSettlement',
          '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>' +
            paymentMeans(doc) +
            vatBreakdown(doc, true) +
            el(
              'ram:SpecifiedTradePaymentTerms',
              text('ram:Description', doc.conditionsPaiement) +
                el('ram:DueDateDateTime', date102(doc.dateEcheance)),
            ) +
            el(
              'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
              text('ram:LineTotalAmount', doc.totalHt) +
                text('ram:TaxBasisTotalAmount', doc.totalHt) +
                text('ram:TaxTotalAmount', doc.totalVat, 'currencyID="EUR"') +
                text('ram:GrandTotalAmount', doc.totalTtc) +
                text('ram:DuePayableAmount', doc.totalTtc),
            ),
        ),
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ${NAMESPACES}>${body}</rsm:CrossIndustryInvoice>\n`;
}
