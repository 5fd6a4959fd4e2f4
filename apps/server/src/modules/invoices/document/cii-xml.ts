import { DEFAULT_LEGAL_MENTIONS } from '@facturo/shared';
import { referenceSentences } from './document-references.js';
import { type Address, type DocumentLine, type InvoiceDocument, typeCodeOf } from './invoice-document.js';

/**
 * The invoice as a UN/CEFACT Cross Industry Invoice of the EN 16931 profile, with the French rules:
 * SIRET (scheme 0009) and SIREN (0002), BT-23 "cadre de facturation", notes PMT/PMD/AAB, one VAT
 * breakdown per rate (S, Z) or one for the exempt category (E franchise, AE reverse charge, K
 * intra-Community goods, G export) with its exemption reason and VATEX code. Elements follow the XSD's
 * order (../shared/facturx/xsd/).
 */

const NAMESPACES = [
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
].join(' ');

export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';
export const VAT_EXEMPTION_CODE = 'VATEX-FR-FRANCHISE';

/**
 * BR-FR-05 wants the PMT and PMD notes on every invoice, yet an individual owes neither the €40 indemnity
 * nor the commercial late penalties (Code de commerce L441-10 binds professionals): towards one, the notes
 * say so, and the PDF prints neither.
 */
export const CONSUMER_RECOVERY_NOTE =
  'Indemnité forfaitaire pour frais de recouvrement : non applicable (client non professionnel).';
export const CONSUMER_PENALTIES_NOTE =
  'Pénalités de retard de l’article L441-10 du Code de commerce : non applicables (client non professionnel).';
/** BT-8 "5": VAT falls due on the invoice date, as under the option for debits (CGI art. 269, 2-c). */
const DEBIT_OPTION_DUE_DATE_CODE = '5';

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

function postalAddress(address: Address): string {
  return el(
    'ram:PostalTradeAddress',
    text('ram:PostcodeCode', address.postcode) +
      text('ram:LineOne', address.street) +
      text('ram:CityName', address.city) +
      text('ram:CountryID', address.countryCode),
  );
}

const vatRegistration = (vatId: string | null) =>
  el('ram:SpecifiedTaxRegistration', text('ram:ID', vatId, 'schemeID="VA"'));

function sellerParty(doc: InvoiceDocument): string {
  const { seller } = doc;
  const taxRegistration =
    seller.vatId && !outOfScope(doc)
      ? vatRegistration(seller.vatId)
      : // Under the franchise without a VAT number, the fiscal registration is the SIREN (BR-E-02).
        el('ram:SpecifiedTaxRegistration', text('ram:ID', seller.siren, 'schemeID="FC"'));
  return el(
    'ram:SellerTradeParty',
    text('ram:GlobalID', seller.siret, 'schemeID="0009"') +
      text('ram:Name', seller.name) +
      el('ram:SpecifiedLegalOrganization', text('ram:ID', seller.siren, 'schemeID="0002"')) +
      postalAddress(seller) +
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
      postalAddress(buyer) +
      el('ram:URIUniversalCommunication', text('ram:URIID', buyer.email, 'schemeID="EM"')) +
      // BT-48: required for reverse charge and intra-Community supplies (BR-AE-02, BR-IC-02).
      (outOfScope(doc) ? '' : vatRegistration(buyer.vatId)),
  );
}

/**
 * BG-13. The goods' destination (BG-15) when it is not the buyer's address, and for an intra-Community
 * supply always (BR-IC-12 wants its country); the date of delivery or service (BT-72, BR-IC-11). A deposit
 * invoice precedes any delivery: it states none (its date is the deposit's, BT-2), but where BR-IC-11 wants
 * one.
 */
function delivery(doc: InvoiceDocument): string {
  const destination = doc.deliveryAddress ?? (doc.vat.category === 'K' ? doc.buyer : null);
  const shipTo = destination
    ? el('ram:ShipToTradeParty', text('ram:Name', doc.buyer.name) + postalAddress(destination))
    : '';
  return (
    '<ram:ApplicableHeaderTradeDelivery>' +
    shipTo +
    (doc.type === 'acompte' && doc.vat.category !== 'K'
      ? ''
      : el('ram:ActualDeliverySupplyChainEvent', el('ram:OccurrenceDateTime', date102(doc.dateLivraison)))) +
    '</ram:ApplicableHeaderTradeDelivery>'
  );
}

/**
 * BG-23: one per rate when VAT is charged, and one per exemption of its 0 % lines; one for the exempt
 * category otherwise. Exempt entries carry their reason (BT-120) and VATEX code (BT-121); an operation
 * outside the scope of VAT (O) has no rate at all (BR-O-10).
 */
function headerTaxes(doc: InvoiceDocument): string {
  return doc.vat.breakdown
    .map((entry) =>
      el(
        'ram:ApplicableTradeTax',
        text('ram:CalculatedAmount', entry.amount) +
          '<ram:TypeCode>VAT</ram:TypeCode>' +
          text('ram:ExemptionReason', entry.reason) +
          text('ram:BasisAmount', entry.base) +
          text('ram:CategoryCode', entry.category) +
          text('ram:ExemptionReasonCode', entry.reasonCode) +
          (doc.debitOption && entry.category === 'S'
            ? text('ram:DueDateTypeCode', DEBIT_OPTION_DUE_DATE_CODE)
            : '') +
          (entry.category === 'O' ? '' : text('ram:RateApplicablePercent', entry.rate)),
      ),
    )
    .join('');
}

/** BR-O-02 to 04: an invoice outside the scope of VAT names no VAT number. */
const outOfScope = (doc: InvoiceDocument) => doc.lines.some((line) => line.vatCategory === 'O');

function lineItem(line: DocumentLine, index: number): string {
  return el(
    'ram:IncludedSupplyChainTradeLineItem',
    el('ram:AssociatedDocumentLineDocument', text('ram:LineID', String(index + 1))) +
      el('ram:SpecifiedTradeProduct', text('ram:Name', line.description)) +
      el(
        'ram:SpecifiedLineTradeAgreement',
        el('ram:NetPriceProductTradePrice', text('ram:ChargeAmount', line.unitPrice)),
      ) +
      el(
        'ram:SpecifiedLineTradeDelivery',
        text('ram:BilledQuantity', line.quantity, `unitCode="${line.unitCode}"`),
      ) +
      el(
        'ram:SpecifiedLineTradeSettlement',
        el(
          'ram:ApplicableTradeTax',
          '<ram:TypeCode>VAT</ram:TypeCode>' +
            text('ram:CategoryCode', line.vatCategory) +
            // BR-O-05: no rate on a line outside the scope of VAT.
            (line.vatCategory === 'O' ? '' : text('ram:RateApplicablePercent', line.vatRate)),
        ) + el('ram:SpecifiedTradeSettlementLineMonetarySummation', text('ram:LineTotalAmount', line.total)),
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

/**
 * A credit note owes nothing, so it can be paid neither late nor early: BR-FR-05 still wants the three
 * notes, which then say so (and the PDF prints none of them).
 */
export const CREDIT_NOTE_RECOVERY_NOTE =
  'Indemnité forfaitaire pour frais de recouvrement : non applicable (avoir).';
export const CREDIT_NOTE_PENALTIES_NOTE = 'Pénalités de retard : non applicables (avoir).';
export const CREDIT_NOTE_DISCOUNT_NOTE = 'Escompte : non applicable (avoir).';

function paymentNotes(doc: InvoiceDocument): string[] {
  if (doc.type === 'avoir') {
    return [
      note(CREDIT_NOTE_RECOVERY_NOTE, 'PMT'),
      note(CREDIT_NOTE_PENALTIES_NOTE, 'PMD'),
      note(CREDIT_NOTE_DISCOUNT_NOTE, 'AAB'),
    ];
  }
  const business = doc.professionalMentions;
  return [
    // BR-FR-05: the fixed indemnity (PMT), the late penalties (PMD) and the discount terms (AAB).
    note(
      business
        ? doc.recoveryIndemnity || DEFAULT_LEGAL_MENTIONS.indemniteForfaitaire
        : CONSUMER_RECOVERY_NOTE,
      'PMT',
    ),
    note(
      business ? doc.latePenalties || DEFAULT_LEGAL_MENTIONS.penalitesRetard : CONSUMER_PENALTIES_NOTE,
      'PMD',
    ),
    note(doc.discountTerms || DEFAULT_LEGAL_MENTIONS.escompte, 'AAB'),
  ];
}

function notes(doc: InvoiceDocument): string {
  return [
    doc.objet ? note(doc.objet, 'AAI') : '',
    // Issue 15: the quote of a deposit or final invoice, the deposits deducted, a credit note's reason.
    ...referenceSentences(doc).map((sentence) => note(sentence, 'AAI')),
    doc.mentionLibre ? note(doc.mentionLibre, 'AAI') : '',
    ...paymentNotes(doc),
    doc.debitOption ? note(doc.debitOption, 'TXD') : '',
  ].join('');
}

function settlement(doc: InvoiceDocument): string {
  // In the XSD's order: currency, payment means (BG-16), VAT breakdown, payment terms, totals.
  return el(
    'ram:ApplicableHeaderTradeSettlement',
    [
      '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
      paymentMeans(doc),
      headerTaxes(doc),
      el(
        'ram:SpecifiedTradePaymentTerms',
        text('ram:Description', doc.conditionsPaiement) +
          el('ram:DueDateDateTime', date102(doc.dateEcheance)),
      ),
      el(
        'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
        text('ram:LineTotalAmount', doc.totalHt) +
          text('ram:TaxBasisTotalAmount', doc.totalHt) +
          text('ram:TaxTotalAmount', doc.totalVat, 'currencyID="EUR"') +
          text('ram:GrandTotalAmount', doc.totalTtc) +
          // BT-113 on a final invoice: the deposits already invoiced; BT-115 = BT-112 − BT-113 (BR-CO-16).
          (doc.prepaid !== '0.00' ? text('ram:TotalPrepaidAmount', doc.prepaid) : '') +
          text('ram:DuePayableAmount', doc.duePayable),
      ),
      precedingInvoice(doc),
    ].join(''),
  );
}

/** BG-3 on a credit note: the invoice it corrects, its number (BT-25) and date (BT-26). */
function precedingInvoice(doc: InvoiceDocument): string {
  const credited = doc.references.creditedInvoice;
  if (!credited) return '';
  return el(
    'ram:InvoiceReferencedDocument',
    text('ram:IssuerAssignedID', credited.numero) +
      el(
        'ram:FormattedIssueDateTime',
        `<qdt:DateTimeString format="102">${credited.dateEmission.replace(/-/g, '')}</qdt:DateTimeString>`,
      ),
  );
}

export function buildCiiXml(doc: InvoiceDocument): string {
  const body =
    el(
      'rsm:ExchangedDocumentContext',
      el('ram:BusinessProcessSpecifiedDocumentContextParameter', text('ram:ID', doc.businessProcess)) +
        el('ram:GuidelineSpecifiedDocumentContextParameter', text('ram:ID', EN16931_GUIDELINE)),
    ) +
    el(
      'rsm:ExchangedDocument',
      text('ram:ID', doc.numero) +
        `<ram:TypeCode>${typeCodeOf(doc)}</ram:TypeCode>` +
        el('ram:IssueDateTime', date102(doc.dateEmission)) +
        notes(doc),
    ) +
    el(
      'rsm:SupplyChainTradeTransaction',
      doc.lines.map(lineItem).join('') +
        el('ram:ApplicableHeaderTradeAgreement', sellerParty(doc) + buyerParty(doc)) +
        delivery(doc) +
        settlement(doc),
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice ${NAMESPACES}>${body}</rsm:CrossIndustryInvoice>\n`;
}
