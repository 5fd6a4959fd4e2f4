import { isCalendarDay } from '@facturo/shared';

/**
 * The value formats of a CDAR, both ways: dates (UNTDID 2379 formats 204 and 102), amounts and rates as
 * decimal strings. Amounts stay integer cents: a decimal string is read digit by digit, never through a float.
 */

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Format 204, CCYYMMDDHHMMSS, in UTC so that the output does not depend on the server's time zone. */
export function formatDateTime204(at: Date): string {
  return (
    pad(at.getUTCFullYear(), 4) +
    pad(at.getUTCMonth() + 1) +
    pad(at.getUTCDate()) +
    pad(at.getUTCHours()) +
    pad(at.getUTCMinutes()) +
    pad(at.getUTCSeconds())
  );
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** YYYY-MM-DD → format 102, CCYYMMDD; null when it is not a real calendar date. */
export function formatDate102(isoDate: string): string | null {
  const m = ISO_DATE.exec(isoDate);
  if (!m || !isCalendarDate(Number(m[1]), Number(m[2]), Number(m[3]))) return null;
  return `${m[1]}${m[2]}${m[3]}`;
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/**
 * A DateTimeString as other solutions write it: 102 (CCYYMMDD), 203 (CCYYMMDDHHMM), 204 (CCYYMMDDHHMMSS),
 * or an xsd:dateTime (udt:DateTime, or a string without format). Null when unreadable.
 */
export function parseCdarDateTime(value: string, format: string | undefined): Date | null {
  const at = readCdarDateTime(value, format);
  // The shared day rule too (years 1900 to 2200): PostgreSQL has no year 0, and no status is that old.
  return at && isCalendarDay(isoDay(at)) ? at : null;
}

function readCdarDateTime(value: string, format: string | undefined): Date | null {
  const digits = /^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/.exec(value);
  if (digits && (format === undefined || ['102', '203', '204'].includes(format))) {
    const [year, month, day] = [Number(digits[1]), Number(digits[2]), Number(digits[3])];
    if (!isCalendarDate(year, month, day)) return null;
    const [h, min, s] = [Number(digits[4] ?? 0), Number(digits[5] ?? 0), Number(digits[6] ?? 0)];
    if (h > 23 || min > 59 || s > 59) return null;
    return new Date(Date.UTC(year, month - 1, day, h, min, s));
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The day of a date read from a CDAR, YYYY-MM-DD (UTC: the formats carry no zone). */
export function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** 12345 → "123.45", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${pad(abs % 100)}`;
}

/** "123.45" → 12345; more than two decimals are rounded half away from zero; null when not a decimal. */
export function parseCents(value: string): number | null {
  const m = /^([+-])?(\d{1,15})(?:\.(\d*))?$/.exec(value.trim());
  if (!m) return null;
  const decimals = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(decimals.slice(0, 2));
  if (Number(decimals[2]) >= 5) cents += 1;
  return m[1] === '-' ? -cents : cents;
}

/** A VAT rate as the CDAR carries it: 20 → "20.00", 5.5 → "5.50". */
export function formatRate(ratePercent: number): string {
  return ratePercent.toFixed(2);
}

/** "5.50" → 5.5; null when not a non-negative decimal. */
export function parseRate(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,3}(\.\d{1,4})?$/.test(trimmed)) return null;
  return Number(trimmed);
}
