import { FRANCHISE_TVA_MENTION, NATURE_OPERATION_LABELS, type NatureOperation } from '@facturo/shared';
import type { InvoiceRow } from '../../../db/schema.js';

/**
 * What an invoice document says, computed once from the stored invoice for both of its forms:
 * the PDF a person reads and the CII XML a machine reads (DESIGN §5).
 */
export interface InvoiceDocument {
  numero: string;
  dateEmission: string;
  dateEcheance: string;
  objet: string;
  seller: Party & { siret: string | null; siren: string | null; vatId: string | null };
  buyer: Party & { siret: string | null; siren: string | null; isBusiness: boolean };
  lines: { description: string; quantity: string; unitPrice: string; total: string }[];
  totalHt: string;
  vatRate: string;
  totalVat: string;
  totalTtc: string;
  conditionsPaiement: string;
  /** Late-payment penalties (note PMD), mandatory towards businesses. */
  latePenalties: string;
  /** The €40 fixed recovery indemnity (note PMT), mandatory towards businesses. */
  recoveryIndemnity: string;
  /** No discount for early payment (AAB). */
  discountTerms: string;
  vatExemption: string;
  natureOperation: NatureOperation;
  natureLabel: string;
  /** French "cadre de facturation" (BT-23): B1 goods, S1 services, M1 both. */
  businessProcess: 'B1' | 'S1' | 'M1';
  mentionLibre: string;
  paidAt: Date | null;
  /** The issuer's bank account as on the invoice when it was written (issuer snapshot); absent when none. */
  payment?: { iban: string; bic: string };
  /**
   * The issuer's logo and colour as they are now, not as when the invoice was written (they are not
   * legal content): set by issuer-branding.ts, drawn on the PDF only.
   */
  logo?: { data: Uint8Array; width: number; height: number };
  accentColor?: string;
}

interface Party {
  name: string;
  email: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  countryName: string;
}

const BUSINESS_PROCESS = { biens: 'B1', services: 'S1', mixte: 'M1' } as const;

/** The countries a French freelancer's clients are most often in; anything unknown is read as France. */
const COUNTRY_CODES: Record<string, string> = {
  france: 'FR',
  belgique: 'BE',
  suisse: 'CH',
  luxembourg: 'LU',
  allemagne: 'DE',
  espagne: 'ES',
  italie: 'IT',
  'pays-bas': 'NL',
  portugal: 'PT',
  'royaume-uni': 'GB',
  irlande: 'IE',
  monaco: 'MC',
  canada: 'CA',
  'etats-unis': 'US',
};

export function countryCode(name: string): string {
  const key = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
  return COUNTRY_CODES[key] ?? 'FR';
}

/** Euros with two decimals and a dot, as CII wants them (the PDF formats them for French readers). */
export function decimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function quantity(thousandths: number): string {
  return `${Math.floor(thousandths / 1000)}.${String(thousandths % 1000).padStart(3, '0')}`;
}

const sirenOf = (siret: string | null) => (siret && siret.length >= 9 ? siret.slice(0, 9) : null);

export function invoiceDocument(invoice: InvoiceRow): InvoiceDocument {
  const seller = invoice.issuerSnapshot;
  const buyer = invoice.clientSnapshot;
  const mentions = invoice.mentions;
  const buyerSiret = buyer.siret && buyer.siret.length === 14 ? buyer.siret : null;
  return {
    numero: invoice.numero,
    dateEmission: invoice.dateEmission,
    dateEcheance: invoice.dateEcheance,
    objet: invoice.objet,
    seller: {
      // An individual entrepreneur's name is followed by "EI" (Code de commerce, art. R123-237).
      name: `${`${seller.prenom} ${seller.nom}`.trim()} EI`,
      email: seller.email,
      street: seller.adresse,
      postcode: seller.codePostal,
      city: seller.ville,
      countryCode: 'FR',
      countryName: 'France',
      siret: seller.siret,
      siren: sirenOf(seller.siret),
      vatId: mentions.tvaIntracommunautaire.replace(/\s/g, '').toUpperCase() || null,
    },
    buyer: {
      name: buyer.nom,
      email: buyer.email,
      street: buyer.adresse.rue,
      postcode: buyer.adresse.codePostal,
      city: buyer.adresse.ville,
      countryCode: countryCode(buyer.adresse.pays),
      countryName: buyer.adresse.pays,
      siret: buyerSiret,
      siren: sirenOf(buyer.siret),
      isBusiness: buyer.siret !== null,
    },
    lines: invoice.lines.map((line) => ({
      description: line.description,
      quantity: quantity(line.quantityThousandths),
      unitPrice: decimal(line.unitPriceCents),
      total: decimal(line.totalCents),
    })),
    totalHt: decimal(invoice.totalHtCents),
    vatRate: Number(invoice.vatRate).toString(),
    totalVat: decimal(invoice.totalVatCents),
    totalTtc: decimal(invoice.totalTtcCents),
    conditionsPaiement: mentions.conditionsPaiement,
    // Invoices written before the penalties had their own field carried them in the indemnity text.
    latePenalties: mentions.penalitesRetard ?? '',
    recoveryIndemnity: mentions.indemniteForfaitaire,
    discountTerms: mentions.escompte,
    vatExemption: FRANCHISE_TVA_MENTION,
    natureOperation: mentions.natureOperation,
    natureLabel: NATURE_OPERATION_LABELS[mentions.natureOperation],
    businessProcess: BUSINESS_PROCESS[mentions.natureOperation],
    mentionLibre: mentions.mentionLibre,
    paidAt: invoice.paidAt,
    ...(seller.iban ? { payment: { iban: seller.iban, bic: seller.bic ?? '' } } : {}),
  };
}
