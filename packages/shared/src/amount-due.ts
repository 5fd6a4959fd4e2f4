/**
 * Issue 17: what an invoice still asks for, and when it is late. Written once here; the server's SQL twin
 * (apps/server/src/modules/payments/amount-due.sql.ts) computes the same in lists and aggregates.
 */

import { daysBetween } from './paris-day.js';

export interface AmountDueParts {
  totalTtcCents: number;
  /** A final invoice: its deposits, already invoiced (BT-113). */
  prepaidCents: number;
  /** The credit notes issued against it (their TTC, positive). */
  creditedCents: number;
  /** Its confirmed payments (invoices.paid_cents). */
  paidCents: number;
}

/** Cents still due: never negative (an overpayment leaves nothing due, not a debt of the issuer). */
export function remainingDueCents(parts: AmountDueParts): number {
  return Math.max(0, parts.totalTtcCents - parts.prepaidCents - parts.creditedCents - parts.paidCents);
}

/** Whole days from the due date to `today` (both YYYY-MM-DD, Paris days): negative before it. */
export function daysLate(dateEcheance: string, today: string): number {
  return daysBetween(dateEcheance, today);
}
