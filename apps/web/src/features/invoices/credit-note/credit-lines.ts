import {
  type CreditNoteInput,
  DOCUMENT_MESSAGES,
  type Invoice,
  invoiceTotals,
  isValidLine,
  type Unit,
} from '@facturo/shared';

/*
 * The credit-note dialog's arithmetic (issue 15): a full credit takes the invoice's lines as they are;
 * a partial one takes the lines the issuer ticks, with the quantities and prices they type (the VAT
 * rate stays the invoice line's: the server refuses any other). Totals come from the shared money rules.
 */

export type CreditMode = 'total' | 'partiel';

/** One of the invoice's lines as the dialog edits it: numbers as typed, French decimals allowed. */
export interface CreditLine {
  included: boolean;
  description: string;
  quantite: string;
  prixUnitaire: string;
  unite: Unit;
  tauxTVA: number;
}

const typed = (value: number) => String(value).replace('.', ',');

export function initialCreditLines(invoice: Pick<Invoice, 'lignes'>): CreditLine[] {
  return invoice.lignes.map((line) => ({
    included: true,
    description: line.description,
    quantite: typed(line.quantite),
    prixUnitaire: typed(line.prixUnitaire),
    unite: line.unite,
    tauxTVA: line.tauxTVA,
  }));
}

const toCents = (euros: number) => Math.round(euros * 100);

/** What may still be credited on the invoice, in cents TTC (its total less the credit notes already issued). */
export function remainingCreditCents(invoice: Pick<Invoice, 'montantTTC' | 'montantCredite'>): number {
  return toCents(invoice.montantTTC) - toCents(invoice.montantCredite);
}

/** The credit note's totals, in cents: the whole invoice, or the ticked lines as typed. */
export function creditTotals(
  invoice: Pick<Invoice, 'montantHT' | 'montantTVA' | 'montantTTC'>,
  mode: CreditMode,
  lines: readonly CreditLine[],
) {
  if (mode === 'total') {
    return {
      htCents: toCents(invoice.montantHT),
      vatCents: toCents(invoice.montantTVA),
      ttcCents: toCents(invoice.montantTTC),
    };
  }
  const { htCents, vatCents, ttcCents } = invoiceTotals(lines.filter((line) => line.included));
  return { htCents, vatCents, ttcCents };
}

export const NO_CREDIT_LINE_MESSAGE = 'Choisissez au moins une ligne à créditer.';
export const INVALID_CREDIT_LINE_MESSAGE =
  'Chaque ligne créditée doit avoir une quantité supérieure à 0 et un prix unitaire valide.';
export const EMPTY_CREDIT_MESSAGE = 'Le montant de l’avoir doit être supérieur à 0 €.';

/** Why the dialog cannot go on yet, in the words the server would use; null when it can. */
export function creditProblem(
  invoice: Pick<Invoice, 'montantHT' | 'montantTVA' | 'montantTTC' | 'montantCredite'>,
  mode: CreditMode,
  lines: readonly CreditLine[],
  motif: string,
): string | null {
  if (mode === 'partiel') {
    const included = lines.filter((line) => line.included);
    if (included.length === 0) return NO_CREDIT_LINE_MESSAGE;
    if (!included.every((line) => isValidLine(line))) return INVALID_CREDIT_LINE_MESSAGE;
  }
  const { ttcCents } = creditTotals(invoice, mode, lines);
  if (ttcCents <= 0) return EMPTY_CREDIT_MESSAGE;
  if (ttcCents > remainingCreditCents(invoice)) return DOCUMENT_MESSAGES.creditExceedsInvoice;
  if (motif.trim() === '') return DOCUMENT_MESSAGES.creditReasonRequired;
  return null;
}

/** The body of POST /factures/{id}/avoir: no lines for a full credit (the server takes the invoice's). */
export function creditNoteBody(
  mode: CreditMode,
  lines: readonly CreditLine[],
  motif: string,
): CreditNoteInput {
  if (mode === 'total') return { motif: motif.trim() };
  return {
    motif: motif.trim(),
    lignes: lines
      .filter((line) => line.included)
      .map(({ description, quantite, prixUnitaire, unite, tauxTVA }) => ({
        description,
        quantite,
        prixUnitaire,
        unite,
        tauxTVA,
      })),
  };
}
