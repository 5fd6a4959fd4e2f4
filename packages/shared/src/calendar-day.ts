import { z } from 'zod';
import { singleLine, textKinds } from './text.js';

/**
 * The one rule for a day the API accepts (invoices, quotes, payments, purchases, books, exports…):
 * written YYYY-MM-DD, a day the calendar has (not 2026-02-30, which Date would roll over to 2 March),
 * in a year from 1900 to 2200. PostgreSQL has no year 0 and Date accepts years no invoice can carry:
 * without the bounds, « 0000-01-01 » passed every check and failed deep in a query with a 500.
 */
export const FIRST_CALENDAR_YEAR = 1900;
export const LAST_CALENDAR_YEAR = 2200;

const ISO_DAY = /^(\d{4})-\d{2}-\d{2}$/;

export function isCalendarDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < FIRST_CALENDAR_YEAR || year > LAST_CALENDAR_YEAR) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** « Date d'achat invalide : … », the rule said after the field's name. */
export const calendarDayMessage = (field: string) =>
  `${field} invalide : une date réelle au format AAAA-MM-JJ, entre ${FIRST_CALENDAR_YEAR} et ${LAST_CALENDAR_YEAR}.`;

/**
 * A request's day field: one line, then the rule, each refusal in the field's own words. Marked in
 * textKinds so that the hostile-input sweep sends every such field the days it must refuse.
 */
export function calendarDay(message: string): z.ZodString {
  return singleLine({ error: message })
    .max(10, message)
    .refine(isCalendarDay, message)
    .register(textKinds, { kind: 'single-line', day: true });
}

/** The same, where '' stands for « not given » (the server then picks its default day). */
export function calendarDayOrEmpty(message: string): z.ZodString {
  return singleLine({ error: message })
    .max(10, message)
    .refine((value) => value === '' || isCalendarDay(value), message)
    .register(textKinds, { kind: 'single-line', day: true });
}

const INSTANT = z.iso.datetime({ offset: true });

/** An ISO 8601 instant (2026-03-09T10:00:00Z, or with its offset) on a day the rule accepts. */
export function calendarInstant(message: string): z.ZodString {
  return singleLine({ error: message })
    .max(40, message)
    .refine((value) => INSTANT.safeParse(value).success && isCalendarDay(value.slice(0, 10)), message)
    .register(textKinds, { kind: 'single-line', day: true });
}
