/** Calendar dates of the product are French ones: an invoice issued at 00:30 in Paris is dated that day. */
// Built on first use, not at start: an Intl object loads ICU's locale and time-zone data (issue 16).
let parisDay: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD of the given instant, in Paris. */
export function parisDate(instant: Date): string {
  parisDay ??= new Intl.DateTimeFormat('fr-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return parisDay.format(instant);
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
