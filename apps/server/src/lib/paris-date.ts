import { parisDay } from '@facturo/shared';

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

/** Whole days from one YYYY-MM-DD date to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}
