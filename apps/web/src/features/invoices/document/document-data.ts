import { DEFAULT_ACCENT_COLOR, type DocumentType, type Invoice, isValidAccentColor } from '@facturo/shared';

/** Payment details an issuer may print (issue 12); the invoice's snapshot carries them once the server does. */
export interface IssuerPaymentDetails {
  iban?: string;
  bic?: string;
}

/**
 * What the printed-style invoice needs: a saved invoice has all of it, and the wizard's preview builds
 * the same from the draft, so both are drawn by one component.
 */
export type InvoiceDocumentData = Pick<
  Invoice,
  | 'numero'
  | 'dateEmission'
  | 'dateEcheance'
  | 'delaiPaiement'
  | 'objet'
  | 'client'
  | 'lignes'
  | 'montantHT'
  | 'tauxTVA'
  | 'montantTVA'
  | 'montantTTC'
  | 'ventilationTVA'
  | 'categorieTVA'
  | 'mentionTVA'
  | 'mentionsProfessionnelles'
  | 'dateLivraison'
  | 'adresseLivraison'
  | 'payee'
  | 'datePaiement'
  | 'mentionsLegales'
> & {
  emetteur: Invoice['emetteur'] & IssuerPaymentDetails;
  /** The issuer's side, absent from a draft's preview: a cancelled invoice is stamped ANNULÉE, as its PDF. */
  statutEmetteur?: Invoice['statutEmetteur'];
} & DocumentReferences;

/**
 * Issue 15: what the document's type changes on the sheet, all optional so a draft's preview (a plain
 * invoice, or a quote) gives only what it has. Absent type: an invoice.
 */
export interface DocumentReferences {
  type?: DocumentType;
  /** A quote: the date it is valid until, printed instead of a due date. */
  dateValidite?: string;
  /** A deposit or a final invoice: the quote it comes from. */
  devis?: Invoice['devis'];
  /** A credit note: the invoice it corrects, and why. */
  factureOrigine?: Invoice['factureOrigine'];
  motif?: string;
  /** A final invoice: the deposits deducted, their total and what remains to pay. */
  acomptes?: Invoice['acomptes'];
  montantAcomptes?: number;
  netAPayer?: number;
}

/** How the issuer's invoices look: their logo (its bytes) and accent colour, when they chose them. */
export interface InvoiceBranding {
  logo: Blob | null;
  /** #RRGGBB; the default look when absent or malformed. */
  accentColor: string | null;
}

/** A colour the document can use: the issuer's when it is a #RRGGBB, else the product's default. */
export function accentOf(color: string | null | undefined): string {
  return color && isValidAccentColor(color) ? color : DEFAULT_ACCENT_COLOR;
}
