import { z } from 'zod';

/**
 * Commercial documents (issue 15): a quote, an invoice, a deposit invoice and a credit note share lines,
 * totals, snapshots, rendering and sending; each type keeps its own rules. Invoices, deposits and credit
 * notes live in one register (`/factures`); quotes in their own (`/devis`).
 */
export const INVOICE_TYPES = ['facture', 'acompte', 'avoir'] as const;
export type InvoiceType = (typeof INVOICE_TYPES)[number];
export type DocumentType = InvoiceType | 'devis';

/** Titles as printed on the document and shown on its page. */
export const DOCUMENT_TITLES: Record<DocumentType, string> = {
  devis: 'Devis',
  facture: 'Facture',
  acompte: 'Facture d’acompte',
  avoir: 'Avoir',
};

/** Labels of the list's type filter (plural). */
export const INVOICE_TYPE_FILTER_LABELS: Record<InvoiceType, string> = {
  facture: 'Factures',
  acompte: 'Acomptes',
  avoir: 'Avoirs',
};

/** UNTDID 1001 document type codes (BT-3): 380 commercial invoice, 386 prepayment invoice, 381 credit note. */
export const FACTURX_TYPE_CODES: Record<InvoiceType, '380' | '386' | '381'> = {
  facture: '380',
  acompte: '386',
  avoir: '381',
};

/**
 * Numbering series, per issuer and year (DESIGN §5): invoices and deposits share one continuous FAC
 * series (both are invoices under the CGI); credit notes and quotes have theirs.
 */
export const NUMBERING_SERIES = ['FAC', 'AV', 'DEV'] as const;
export type NumberingSeries = (typeof NUMBERING_SERIES)[number];
export const SERIES_OF: Record<DocumentType, NumberingSeries> = {
  facture: 'FAC',
  acompte: 'FAC',
  avoir: 'AV',
  devis: 'DEV',
};

/** FAC-2026-0001, AV-2026-0001, DEV-2026-0001. */
export function formatDocumentNumber(series: NumberingSeries, year: number, sequence: number): string {
  return `${series}-${year}-${String(sequence).padStart(4, '0')}`;
}

export function parseInvoiceTypeFilter(value: string | null | undefined): InvoiceType | null {
  return value && (INVOICE_TYPES as readonly string[]).includes(value) ? (value as InvoiceType) : null;
}

export const DOCUMENT_MESSAGES = {
  creditReasonRequired: 'Indiquez le motif de l’avoir.',
  /** Crediting a draft: an unsent invoice is corrected by editing it (or cancelled), not credited. */
  creditNeedsIssuedInvoice:
    'Seule une facture envoyée ou payée peut faire l’objet d’un avoir. Une facture non envoyée se modifie ou s’annule.',
  creditOfCredit: 'Un avoir ne peut pas lui-même faire l’objet d’un avoir.',
  creditExceedsInvoice: 'Le total des avoirs ne peut pas dépasser le montant de la facture.',
  /** A credit note is a correction: it is never edited nor deleted (another credit note is not a thing). */
  creditNoteLocked: 'Un avoir est définitif : il ne peut être ni modifié ni supprimé.',
  /** A partial credit note's line at a VAT rate the credited invoice does not charge. */
  creditRateNotOnInvoice: 'Chaque ligne de l’avoir doit reprendre un taux de TVA de la facture.',
  /** GET /factures?type=… with anything but facture, acompte or avoir. */
  unknownInvoiceType: 'Type de document inconnu : indiquez facture, acompte ou avoir.',
  depositAmountRequired: 'Indiquez un pourcentage (1 à 100) ou un montant d’acompte.',
  depositPercentRange: 'Le pourcentage d’acompte doit être compris entre 1 et 100.',
  depositExceedsQuote: 'Le total des acomptes ne peut pas dépasser le montant du devis.',
} as const;

/** Another document, as a document that refers to it shows it. */
export const documentReferenceSchema = z.object({
  _id: z.string(),
  numero: z.string(),
  dateEmission: z.string(),
  /** Euros TTC, positive (a credit note's too). */
  montantTTC: z.number(),
});
export type DocumentReference = z.infer<typeof documentReferenceSchema>;
