// The product's calendar is Paris's (DESIGN §7): an invoice made at 00:30 in Paris is dated that day,
// whatever the server's or the reader's clock says. Built on first use: an Intl object loads ICU's
// locale and time-zone data, which a server start does not need (issue 16).
let parisIsoDay: Intl.DateTimeFormat | undefined;

/** YYYY-MM-DD of the given instant, in Paris. */
export function parisDay(instant: Date): string {
  parisIsoDay ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return parisIsoDay.format(instant);
}

/** Whole days from one YYYY-MM-DD date to another (calendar arithmetic, no time zone): negative when `to` is before. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
