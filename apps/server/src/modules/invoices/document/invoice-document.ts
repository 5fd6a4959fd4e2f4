import {
  countryName,
  DEBIT_OPTION_MENTION,
  type DocumentType,
  FACTURX_TYPE_CODES,
  isBusinessClient,
  NATURE_OPERATION_LABELS,
  type NatureOperation,
  sirenOf,
  UNITS,
  type Unit,
  VAT_TREATMENTS,
  type VatCategory,
  vatExemption,
  vatOfBaseCents,
} from '@facturo/shared';
import type { InvoiceRow, QuoteRow } from '../../../db/schema.js';
import { countryCodeOf, readClient, readIssuer, readLine } from '../invoice-snapshots.js';

/**
 * What an invoice document says, computed once from the stored invoice for both of its forms:
 * the PDF a person reads and the CII XML a machine reads (DESIGN §5).
 */
export interface InvoiceDocument {
  /** Issue 15: what the document is (its title, its BT-3 type code; a quote is never a Factur-X invoice). */
  type: DocumentType;
  numero: string;
  dateEmission: string;
  dateEcheance: string;
  /** BT-72: date of delivery or of the service. */
  dateLivraison: string;
  objet: string;
  seller: Party & {
    siret: string | null;
    siren: string | null;
    vatId: string | null;
    /** « RCS Lyon … », « RM … » or « Dispensé d’immatriculation »; '' when not given. */
    registration: string;
    /** « Assurance professionnelle : X — couverture : Y »; '' when none. */
    insurance: string;
  };
  buyer: Party & { siret: string | null; siren: string | null; vatId: string | null; isBusiness: boolean };
  /** Where the goods or services go, when not the buyer's address (BG-15). */
  deliveryAddress: Address | null;
  lines: DocumentLine[];
  vat: {
    category: VatCategory;
    chargesVat: boolean;
    /** The sentence that says why there is no VAT ('' when VAT is charged), BT-120. */
    mention: string;
    exemptionCode: string | null;
    /**
     * One entry per rate and exemption (BG-23); a single 0 % entry of the category when no VAT is charged.
     * An exempt entry carries its reason (BT-120) and VATEX code (BT-121).
     */
    breakdown: {
      category: LineCategory;
      rate: string;
      base: string;
      amount: string;
      reason: string;
      reasonCode: string | null;
    }[];
    /** The French mentions of the 0 % lines' exemptions on an invoice charging VAT, printed under the totals. */
    lineMentions: string[];
  };
  totalHt: string;
  totalVat: string;
  totalTtc: string;
  conditionsPaiement: string;
  /** Late penalties and the €40 indemnity are owed by business buyers only (Code de commerce L441-10). */
  professionalMentions: boolean;
  latePenalties: string;
  recoveryIndemnity: string;
  /** No discount for early payment (AAB). */
  discountTerms: string;
  /** « Option pour le paiement de la taxe d'après les débits » when chosen, else ''. */
  debitOption: string;
  natureOperation: NatureOperation;
  natureLabel: string;
  /** French "cadre de facturation" (BT-23): B1 goods, S1 services, M1 both. */
  businessProcess: 'B1' | 'S1' | 'M1';
  mentionLibre: string;
  paidAt: Date | null;
  /**
   * Cancelled by its issuer before it was sent: the number stays in the register, so the PDF can still
   * be printed, and it must say at a glance that nothing is owed.
   */
  cancelled: boolean;
  /** Issue 15: what the document refers to, as written on it. */
  references: DocumentReferences;
  /** A final invoice: the deposits' total TTC already invoiced (BT-113), '0.00' otherwise. */
  prepaid: string;
  /** What remains to pay (BT-115): the total TTC less the deposits. */
  duePayable: string;
  /** A quote: the date until which it can be accepted (printed instead of the due date). */
  validUntil?: string;
  /** The issuer's bank account as on the invoice when it was written (issuer snapshot); absent when none. */
  payment?: { iban: string; bic: string };
  /**
   * The issuer's logo and colour as they are now, not as when the invoice was written (they are not
   * legal content): set by issuer-branding.ts, drawn on the PDF only.
   */
  logo?: { data: Uint8Array; width: number; height: number };
  accentColor?: string;
}

export interface DocumentReferences {
  /** A deposit or a final invoice: the quote's number. */
  quote: string | null;
  /** A credit note: the invoice it corrects (BT-25, BT-26) and why. */
  creditedInvoice: { numero: string; dateEmission: string } | null;
  creditReason: string;
  /** A final invoice: the deposits deducted. */
  deposits: { numero: string; dateEmission: string; totalTtc: string }[];
}

export interface Address {
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  countryName: string;
}

interface Party extends Address {
  name: string;
  email: string;
}

export interface DocumentLine {
  description: string;
  quantity: string;
  /** UN/ECE Recommendation 20 code (BT-130) and the French word printed. */
  unitCode: string;
  unitLabel: string;
  unitPrice: string;
  total: string;
  /** Percent, as CII writes it ("5.5"). */
  vatRate: string;
  /** The line's category: the invoice's, or its exemption's for a 0 % line of an invoice charging VAT. */
  vatCategory: LineCategory;
}

/** Z only on 0 % lines written before a 0 % line had to name its exemption; O, outside the scope of VAT. */
export type LineCategory = VatCategory | 'Z' | 'O';

const BUSINESS_PROCESS = { biens: 'B1', services: 'S1', mixte: 'M1' } as const;

/** Euros with two decimals and a dot, as CII wants them (the PDF formats them for French readers). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function quantity(thousandths: number): string {
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

/** 5.5 → "5.5", 20 → "20": at most two decimals, a dot (BR-FR-DEC-04). */
const rate = (percent: number) => String(Number(percent.toFixed(2)));

const normalizedVatId = (raw: string | null | undefined) => raw?.replace(/[\s.-]/g, '').toUpperCase() || null;

function address(street: string, postcode: string, city: string, pays: string): Address {
  const code = countryCodeOf(pays);
  return { street, postcode, city, countryCode: code, countryName: countryName(code) };
}

function lineCategory(category: VatCategory, vatRate: number, exemptionCode: string): LineCategory {
  // A 0 % line of an invoice charging VAT takes its exemption's category: S needs a rate above 0
  // (BR-S-05). Lines stored before exemptions were asked for read as zero-rated (Z), as they were written.
  if (category !== 'S' || vatRate !== 0) return category;
  return vatExemption(exemptionCode)?.category ?? 'Z';
}

/**
 * BG-23 of a stored invoice: the VAT of each rate on that rate's base (as when it was written), the 0 %
 * base split by exemption so that each reason is told with its own base.
 */
function breakdownOf(
  invoice: Pick<InvoiceRow, 'lines' | 'vatCategory'>,
): InvoiceDocument['vat']['breakdown'] {
  const treatment = VAT_TREATMENTS[invoice.vatCategory];
  const groups = new Map<string, { rate: number; code: string; base: number }>();
  for (const line of invoice.lines.map(readLine)) {
    const code = treatment.chargesVat && line.vatRate === 0 ? line.exemptionCode : '';
    const key = `${line.vatRate}|${code}`;
    const group = groups.get(key) ?? { rate: line.vatRate, code, base: 0 };
    group.base += line.totalCents;
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => b.rate - a.rate || a.code.localeCompare(b.code))
    .map((group) => {
      const exemption = treatment.chargesVat ? vatExemption(group.code) : undefined;
      return {
        category: lineCategory(invoice.vatCategory, group.rate, group.code),
        rate: rate(group.rate),
        base: decimal(group.base),
        amount: decimal(vatOfBaseCents(group.base, group.rate)),
        reason: exemption?.mention ?? (treatment.chargesVat ? '' : treatment.mention),
        reasonCode: exemption?.code ?? (treatment.chargesVat ? null : treatment.exemptionCode),
      };
    });
}

/** What a quote and an invoice say alike: parties, lines, VAT, totals and mentions. */
type DocumentSource = Pick<
  InvoiceRow,
  | 'numero'
  | 'dateEmission'
  | 'dateLivraison'
  | 'objet'
  | 'mentions'
  | 'issuerSnapshot'
  | 'clientSnapshot'
  | 'vatCategory'
  | 'deliveryAddress'
  | 'lines'
  | 'totalHtCents'
  | 'totalVatCents'
  | 'totalTtcCents'
>;

const NO_REFERENCES: DocumentReferences = {
  quote: null,
  creditedInvoice: null,
  creditReason: '',
  deposits: [],
};

export function invoiceDocument(invoice: InvoiceRow): InvoiceDocument {
  const { refs } = invoice;
  return {
    ...commonDocument(invoice),
    type: invoice.type,
    dateEcheance: invoice.dateEcheance,
    paidAt: invoice.paidAt,
    cancelled: invoice.issuerStatus === 'annulee',
    references: {
      quote: refs.quote?.numero ?? null,
      creditedInvoice: refs.creditedInvoice
        ? { numero: refs.creditedInvoice.numero, dateEmission: refs.creditedInvoice.dateEmission }
        : null,
      creditReason: invoice.creditReason,
      deposits: (refs.deposits ?? []).map((deposit) => ({
        numero: deposit.numero,
        dateEmission: deposit.dateEmission,
        totalTtc: decimal(deposit.totalTtcCents),
      })),
    },
    prepaid: decimal(invoice.prepaidCents),
    duePayable: decimal(invoice.totalTtcCents - invoice.prepaidCents),
  };
}

/**
 * A quote's document (issue 15), drawn by the same code as invoices: titled DEVIS, with its validity date
 * where an invoice has its due date; nothing is owed on it yet, and it carries no Factur-X XML.
 */
export function quoteDocument(quote: QuoteRow): InvoiceDocument {
  return {
    ...commonDocument(quote),
    type: 'devis',
    dateEcheance: quote.dateValidite,
    validUntil: quote.dateValidite,
    paidAt: null,
    cancelled: false,
    references: NO_REFERENCES,
    prepaid: decimal(0),
    duePayable: decimal(quote.totalTtcCents),
  };
}

/** BT-3 of an invoice document (a quote is never written as XML). */
export function typeCodeOf(doc: InvoiceDocument): '380' | '386' | '381' {
  return doc.type === 'devis' ? FACTURX_TYPE_CODES.facture : FACTURX_TYPE_CODES[doc.type];
}

type CommonDocument = Omit<
  InvoiceDocument,
  'type' | 'dateEcheance' | 'paidAt' | 'cancelled' | 'references' | 'prepaid' | 'duePayable' | 'validUntil'
>;

function commonDocument(invoice: DocumentSource): CommonDocument {
  const mentions = invoice.mentions;
  const seller = readIssuer(invoice.issuerSnapshot, mentions);
  const buyer = readClient(invoice.clientSnapshot);
  const treatment = VAT_TREATMENTS[invoice.vatCategory];
  const delivery = invoice.deliveryAddress;
  return {
    numero: invoice.numero,
    dateEmission: invoice.dateEmission,
    dateLivraison: invoice.dateLivraison ?? invoice.dateEmission,
    objet: invoice.objet,
    seller: {
      // An individual entrepreneur's name is followed by "EI" (Code de commerce, art. R123-237).
      name: `${`${seller.prenom} ${seller.nom}`.trim()} EI`,
      email: seller.email,
      ...address(seller.adresse, seller.codePostal, seller.ville, 'FR'),
      siret: seller.siret,
      siren: sirenOf(seller.siret),
      vatId: normalizedVatId(seller.tvaIntracommunautaire),
      registration: seller.rcsRm,
      insurance: seller.assureur
        ? `Assurance professionnelle : ${seller.assureur}${seller.assuranceCouverture ? ` — couverture : ${seller.assuranceCouverture}` : ''}`
        : '',
    },
    buyer: {
      name: buyer.nom,
      email: buyer.email,
      ...address(buyer.adresse.rue, buyer.adresse.codePostal, buyer.adresse.ville, buyer.adresse.pays),
      siret: buyer.siret && buyer.siret.length === 14 ? buyer.siret : null,
      siren: sirenOf(buyer.siret),
      vatId: normalizedVatId(buyer.tvaIntracommunautaire),
      isBusiness: isBusinessClient(buyer),
    },
    deliveryAddress: delivery
      ? address(delivery.rue, delivery.codePostal, delivery.ville, delivery.pays)
      : null,
    lines: invoice.lines.map(readLine).map((line) => ({
      description: line.description,
      quantity: quantity(line.quantityThousandths),
      unitCode: UNITS[line.unit as Unit].code,
      unitLabel: UNITS[line.unit as Unit].label,
      unitPrice: decimal(line.unitPriceCents),
      total: decimal(line.totalCents),
      vatRate: rate(line.vatRate),
      vatCategory: lineCategory(invoice.vatCategory, line.vatRate, line.exemptionCode),
    })),
    vat: {
      category: treatment.category,
      chargesVat: treatment.chargesVat,
      mention: treatment.mention,
      exemptionCode: treatment.exemptionCode,
      breakdown: breakdownOf(invoice),
      lineMentions: treatment.chargesVat
        ? [
            ...new Set(
              invoice.lines.map(readLine).flatMap((line) => {
                const mention = line.vatRate === 0 ? vatExemption(line.exemptionCode)?.mention : undefined;
                return mention ? [mention] : [];
              }),
            ),
          ]
        : [],
    },
    totalHt: decimal(invoice.totalHtCents),
    totalVat: decimal(invoice.totalVatCents),
    totalTtc: decimal(invoice.totalTtcCents),
    conditionsPaiement: mentions.conditionsPaiement,
    professionalMentions: isBusinessClient(buyer),
    // Invoices written before the penalties had their own field carried them in the indemnity text.
    latePenalties: mentions.penalitesRetard ?? '',
    recoveryIndemnity: mentions.indemniteForfaitaire,
    discountTerms: mentions.escompte,
    // The option concerns a seller who pays VAT: meaningless under the franchise.
    debitOption: seller.optionDebits && seller.regimeTva === 'reel' ? DEBIT_OPTION_MENTION : '',
    natureOperation: mentions.natureOperation,
    natureLabel: NATURE_OPERATION_LABELS[mentions.natureOperation],
    businessProcess: BUSINESS_PROCESS[mentions.natureOperation],
    mentionLibre: mentions.mentionLibre,
    ...(seller.iban ? { payment: { iban: seller.iban, bic: seller.bic ?? '' } } : {}),
  };
}
