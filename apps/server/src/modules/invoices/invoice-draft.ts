import {
  DEFAULT_PAYMENT_TERM,
  DELIVERY_ADDRESS_MESSAGE,
  DELIVERY_DATE_MESSAGE,
  INVOICE_LINE_MESSAGE,
  type invoiceInputSchema,
  invoiceTotals,
  isCalendarDay,
  isCompleteAddress,
  isPaymentTerm,
  isValidLine,
  PAYMENT_TERMS,
  parseEurosToCents,
  parseQuantity,
  type VatCategory,
  type VatRegime,
  type VatTreatment,
} from '@facturo/shared';
import type { z } from 'zod';
import type { SnapshotAddress, StoredLine } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { addDays, daysBetween } from '../../lib/paris-date.js';
import { headlineRate, lineExemptions, lineRates } from './invoice-vat.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

/** Named after the invoice columns they fill, so create and edit spread them as they are. */
export interface InvoiceDraft {
  lines: StoredLine[];
  totalHtCents: number;
  totalVatCents: number;
  totalTtcCents: number;
  vatRate: string;
  vatCategory: VatCategory;
  delaiPaiement: number;
  dateEcheance: string;
}

/** What decides the VAT of the lines: the seller's regime and the sale's treatment (packages/shared vat.ts). */
export interface VatContext {
  regime: VatRegime;
  treatment: VatTreatment;
}

function isBlank(line: InvoiceInput['lignes'][number]): boolean {
  return (
    line.description === '' && String(line.quantite).trim() === '' && String(line.prixUnitaire).trim() === ''
  );
}

/**
 * The amounts and dates of an invoice, computed here from its lines and terms whatever totals the
 * client sent (DESIGN §3, §4): each line's rate, then the VAT of each rate on that rate's base
 * (BR-CO-17). Lines left completely empty in the wizard are dropped.
 */
export function draftInvoice(input: InvoiceInput, dateEmission: string, vat: VatContext): InvoiceDraft {
  const filled = input.lignes.filter((line) => !isBlank(line));
  if (filled.length === 0) throw badRequest(INVOICE_LINE_MESSAGE);
  filled.forEach((line, index) => {
    if (!isValidLine(line)) {
      throw badRequest(
        `Ligne ${index + 1} invalide : une description, une quantité supérieure à 0 (3 décimales au plus) et un prix unitaire positif (2 décimales au plus) sont requis.`,
      );
    }
  });
  const rates = lineRates(filled, input.tauxTVA, vat.regime, vat.treatment);
  const exemptions = lineExemptions(filled, rates, vat.treatment);
  const totals = invoiceTotals(filled.map((line, index) => ({ ...line, tauxTVA: rates[index] ?? 0 })));
  const lines = filled.map((line, index) => ({
    description: line.description,
    quantityThousandths: parseQuantity(line.quantite) ?? 0,
    unitPriceCents: parseEurosToCents(line.prixUnitaire) ?? 0,
    totalCents: totals.lineCents[index] ?? 0,
    unit: line.unite,
    vatRate: rates[index] ?? 0,
    ...(exemptions[index] ? { exemptionCode: exemptions[index] } : {}),
  }));
  const { delaiPaiement, dateEcheance } = paymentTerms(input, dateEmission);
  return {
    lines,
    totalHtCents: totals.htCents,
    totalVatCents: totals.vatCents,
    totalTtcCents: totals.ttcCents,
    vatRate: headlineRate(totals.breakdown).toFixed(2),
    vatCategory: vat.treatment.category,
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
  if (!isCalendarDay(due) || daysBetween(dateEmission, due) < 0) {
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

/** A real calendar day of this century (the XML's dates must be, BR-FR-03). */
function isCalendarDate(value: string): boolean {
  return isCalendarDay(value) && value >= '2000-01-01' && value <= '2099-12-31';
}

/**
 * BT-72 and the delivery address. Left out, a new invoice is delivered on its issue date to the client's
 * address; an edit keeps what the invoice had. An empty date means the issue date, a null address removes
 * it.
 */
export function deliveryOf(
  input: InvoiceInput,
  dateEmission: string,
  current?: { dateLivraison: string | null; deliveryAddress: SnapshotAddress | null },
): { dateLivraison: string; deliveryAddress: SnapshotAddress | null } {
  const given = input.dateLivraison;
  const dateLivraison =
    given === undefined ? (current?.dateLivraison ?? dateEmission) : given === '' ? dateEmission : given;
  if (!isCalendarDate(dateLivraison)) throw badRequest(DELIVERY_DATE_MESSAGE);
  const address =
    input.adresseLivraison === undefined ? (current?.deliveryAddress ?? null) : input.adresseLivraison;
  if (address && !isCompleteAddress(address)) throw badRequest(DELIVERY_ADDRESS_MESSAGE);
  return { dateLivraison, deliveryAddress: address };
}
