import { formatEuros } from '@facturo/shared';

const SHORT_MONTHS = [
  'janv.',
  'févr.',
  'mars',
  'avr.',
  'mai',
  'juin',
  'juil.',
  'août',
  'sept.',
  'oct.',
  'nov.',
  'déc.',
];

/** « mars 26 » from YYYY-MM: the chart's axis, where twelve labels must fit a phone. */
export function shortMonth(yyyyMm: string): string {
  return `${SHORT_MONTHS[Number(yyyyMm.slice(5, 7)) - 1] ?? ''} ${yyyyMm.slice(2, 4)}`;
}

/** « 14/04/2026 » from YYYY-MM-DD, without going through a time zone. */
export function frenchDate(isoDay: string): string {
  const [year, month, day] = isoDay.split('-');
  return `${day}/${month}/${year}`;
}

/** Euros with no cents, for the chart's axis. */
export function roundEuros(euros: number): string {
  return formatEuros(Math.round(euros)).replace(/,00\s?€$/, ' €');
}

export function lateLabel(days: number): string {
  return `En retard · ${days} j`;
}

export const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** « Aucune facture échue », « 1 facture échue », « 3 factures échues ». */
export const lateCount = (count: number) =>
  count === 0 ? 'Aucune facture échue' : plural(count, 'facture échue', 'factures échues');
