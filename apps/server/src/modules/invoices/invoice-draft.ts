import {
  DEFAULT_PAYMENT_TERM,
  INVOICE_LINE_MESSAGE,
  type invoiceInputSchema,
  invoiceTotals,
  isPaymentTerm,
  isValidLine,
  PAYMENT_TERMS,
  parseEurosToCents,
  parseQuantity,
} from '@facturo/shared';
import type { z } from 'zod';
import type { StoredLine } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { addDays, daysBetween, isIsoDate } from '../../lib/paris-date.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

/** Named after the invoice columns they fill, so create and edit spread them as they are. */
export interface InvoiceDraft {
  lines: StoredLine[];
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
  delaiPaiement: number;
  dateEcheance: string;
}

function isBlank(line: InvoiceInput['lignes'][number]): boolean {
  return (
    line.description === '' && String(line.quantite).trim() === '' && String(line.prixUnitaire).trim() === ''
  );
}

/**
 * The amounts and dates of an invoice, computed here from its lines and terms whatever totals the
 * client sent (DESIGN §3, §4). Lines left completely empty in the wizard are dropped.
 */
export function draftInvoice(input: InvoiceInput, dateEmission: string): InvoiceDraft {
  const filled = input.lignes.filter((line) => !isBlank(line));
  if (filled.length === 0) throw badRequest(INVOICE_LINE_MESSAGE);
  filled.forEach((line, index) => {
    if (!isValidLine(line)) {
      throw badRequest(
        `Ligne ${index + 1} invalide : une description, une quantité supérieure à 0 (3 décimales au plus) et un prix unitaire positif (2 décimales au plus) sont requis.`,
      );
    }
  });
  const totals = invoiceTotals(filled);
  const lines = filled.map((line, index) => ({
    description: line.description,
    quantityThousandths: parseQuantity(line.quantite) ?? 0,
    unitPriceCents: parseEurosToCents(line.prixUnitaire) ?? 0,
    totalCents: totals.lineCents[index] ?? 0,
  }));
  const { delaiPaiement, dateEcheance } = paymentTerms(input, dateEmission);
  return {
    lines,
    totalHtCents: totals.htCents,
    totalVatCents: totals.vatCents,
    totalTtcCents: totals.ttcCents,
    delaiPaiement,
    dateEcheance,
  };
}

/** A payment term of 15/30/45/60 days, or an explicit due date on or after the issue date. */
function paymentTerms(
  input: InvoiceInput,
  dateEmission: string,
): { delaiPaiement: number; dateEcheance: string } {
  const term = input.delaiPaiement;
  // A wizard term wins; any other delay came with its due date (the schema sees to it), which decides.
  if (
    (term !== undefined && isPaymentTerm(term)) ||
    input.dateEcheance === undefined ||
    input.dateEcheance === ''
  ) {
    const delai = term !== undefined && isPaymentTerm(term) ? term : DEFAULT_PAYMENT_TERM;
    return { delaiPaiement: delai, dateEcheance: addDays(dateEmission, delai) };
  }
  const due = input.dateEcheance.slice(0, 10);
  if (!isIsoDate(due) || daysBetween(dateEmission, due) < 0) {
    throw badRequest("Date d'échéance invalide : elle doit suivre la date d'émission.");
  }
  const delai = daysBetween(dateEmission, due);
  if (delai > Math.max(...PAYMENT_TERMS)) {
    throw badRequest(
      'Le délai de paiement ne peut pas dépasser 60 jours (article L441-10 du Code de commerce).',
    );
  }
  return { delaiPaiement: delai, dateEcheance: due };
}
