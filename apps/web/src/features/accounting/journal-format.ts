/* The journal's words on the page (issue 18), kept apart so that a unit test holds them. */

const integer = new Intl.NumberFormat('fr-FR');

/** « 1 243 événements » (French grouping; one event in the singular). */
export function eventCount(events: number): string {
  return `${integer.format(events)} événement${events > 1 ? 's' : ''}`;
}

/** « Registre intègre — 1 243 événements vérifiés » (French grouping; one event in the singular). */
export function integrityMessage(events: number): string {
  if (events === 0) return 'Registre intègre — aucun événement enregistré pour l’instant';
  const plural = events > 1 ? 's' : '';
  return `Registre intègre — ${integer.format(events)} événement${plural} vérifié${plural}`;
}

/** « Entrée n° 12 du 3 mars 2026 » : the first broken entry, named plainly. */
export function brokenEntryTitle(seq: number, date: string | null): string {
  const day = date ? ` du ${formatDay(date)}` : '';
  return `Registre altéré : l’entrée n° ${integer.format(seq)}${day} ne correspond plus à ce qui a été enregistré`;
}

const dayFormat = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'Europe/Paris' });
const monthFormat = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });

export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dayFormat.format(date);
}

/** 'YYYY-MM' → « mars 2026 ». */
export function monthLabel(month: string): string {
  return monthFormat.format(new Date(`${month}-01T00:00:00Z`));
}
