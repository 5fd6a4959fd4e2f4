import { parisDay } from '@facturo/shared';

export { daysBetween } from '@facturo/shared';

/** YYYY-MM-DD of the given instant, in Paris (the shared rule, DESIGN §7). */
export function parisDate(instant: Date): string {
  return parisDay(instant);
}

/** A YYYY-MM-DD date plus whole days, as a YYYY-MM-DD date (calendar arithmetic, no time zone). */
export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first day of the month `offset` months from the month of `day` (YYYY-MM-DD). */
export function monthStart(day: string, offset = 0): string {
  const date = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1));
  return date.toISOString().slice(0, 10);
}
