import {
  type invoiceInputSchema,
  isCalendarDay,
  MAX_QUOTE_VALIDITY_DAYS,
  QUOTE_MESSAGES,
  type quoteInputSchema,
} from '@facturo/shared';
import type { z } from 'zod';
import type { ClientRow, MentionsSnapshot, QuoteRow, UserRow } from '../../db/schema.js';
import { badRequest } from '../../lib/errors.js';
import { daysBetween } from '../../lib/paris-date.js';
import { composeInvoice } from '../invoices/invoice-compose.js';

export type QuoteInput = z.output<typeof quoteInputSchema>;
type InvoiceInput = z.output<typeof invoiceInputSchema>;

/**
 * Everything a quote says, written by the invoices' own composition (lines, VAT, totals, delivery,
 * mentions, snapshots), so a quote and the invoice made from it agree to the cent. A quote has no payment
 * term: the mentions take the default one, as a new invoice would.
 */
export function composeQuote(
  issuer: UserRow,
  client: ClientRow,
  input: QuoteInput,
  dateEmission: string,
  base: MentionsSnapshot,
  current?: QuoteRow,
) {
  const { dateValidite: _validity, ...body } = input;
  const asInvoice: InvoiceInput = { ...body, delaiPaiement: undefined, dateEcheance: undefined };
  const {
    delaiPaiement: _term,
    dateEcheance: _due,
    ...written
  } = composeInvoice(issuer, client, asInvoice, dateEmission, base, current);
  return written;
}

/**
 * The validity date: as given (today at the earliest, a year from today at the latest), else the current
 * one on an edit, else the issue date plus DEFAULT_QUOTE_VALIDITY_DAYS.
 */
export function validityDate(given: string | undefined, today: string, fallback: string): string {
  // An edit that sends back the date GET showed keeps it, even past (the quote stays expired).
  if (given === undefined || given === '' || given === fallback) return fallback;
  const valid =
    isCalendarDay(given) &&
    daysBetween(today, given) >= 0 &&
    daysBetween(today, given) <= MAX_QUOTE_VALIDITY_DAYS;
  if (!valid) throw badRequest(QUOTE_MESSAGES.validityDate);
  return given;
}
