import { parisDay } from '@facturo/shared';

/**
 * Invoice dates travel as calendar days (YYYY-MM-DD, SPEC §3) and are read in French (DESIGN §7).
 * They are handled as plain days, never as instants, so no time zone can move them by one.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

const INSTANT = /^\d{4}-\d{2}-\d{2}T/;

/**
 * "2026-03-09" → "09/03/2026". A full timestamp (a payment's instant, say) is read as the day it was in
 * Paris (the shared parisDay), as the server dates everything and as the PDF prints it:
 * 2026-12-31T23:30Z is « 01/01/2027 ». Anything unreadable is shown as it came.
 */
export function formatDateFr(isoDay: string): string {
  if (INSTANT.test(isoDay)) {
    const instant = new Date(isoDay);
    if (!Number.isNaN(instant.getTime())) return formatDateFr(parisDay(instant));
  }
  const match = ISO_DAY.exec(isoDay);
  if (!match) return isoDay;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/**
 * Today in Paris, YYYY-MM-DD: the day the server will give dateEmission for an invoice made now, even
 * for a reader whose device is set to another time zone.
 */
export function todayIso(now: Date = new Date()): string {
  return parisDay(now);
}

/** dateEmission + the payment term: the due date the server will compute (SPEC §2, step 2). */
export function addDaysIso(isoDay: string, days: number): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return isoDay;
  const [, year, month, day] = match;
  // UTC arithmetic on a day has no daylight-saving jumps.
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + days));
  return date.toISOString().slice(0, 10);
}
