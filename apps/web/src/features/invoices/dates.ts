/**
 * Invoice dates travel as calendar days (YYYY-MM-DD, SPEC §3) and are read in French (DESIGN §7).
 * They are handled as plain days, never as instants, so no time zone can move them by one.
 */

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})/;

/** "2026-03-09" (or a full timestamp) → "09/03/2026"; anything unreadable is shown as it came. */
export function formatDateFr(isoDay: string): string {
  const match = ISO_DAY.exec(isoDay);
  if (!match) return isoDay;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** The user's own calendar day, as the server's dateEmission will be for an invoice made now. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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
