import type { EreportingState } from '@facturo/shared';

const monthYear = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' });
const day = new Intl.DateTimeFormat('fr-FR', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const at = (isoDay: string) => new Date(`${isoDay}T00:00:00Z`);

/** « novembre 2026 », « novembre – décembre 2026 », « décembre 2026 – janvier 2027 ». */
export function ereportingPeriodLabel(period: { debut: string; fin: string }): string {
  if (period.debut.slice(0, 7) === period.fin.slice(0, 7)) return monthYear.format(at(period.debut));
  const sameYear = period.debut.slice(0, 4) === period.fin.slice(0, 4);
  const first = sameYear ? month.format(at(period.debut)) : monthYear.format(at(period.debut));
  return `${first} – ${monthYear.format(at(period.fin))}`;
}

/** « 10 nov. », for the review's per-day rows. */
export function ereportingDayLabel(isoDay: string): string {
  return day.format(at(isoDay));
}

export const EREPORTING_STATE_TONES: Record<
  EreportingState,
  'slate' | 'amber' | 'indigo' | 'emerald' | 'red'
> = {
  en_cours: 'slate',
  a_soumettre: 'amber',
  a_envoyer: 'indigo',
  deposee: 'emerald',
  rejetee: 'red',
};

/** « 0 % », « 5,5 % » — and « franchise » for category E, where no VAT is charged at all. */
export function ereportingRateLabel(categorieTva: string, taux: number): string {
  if (categorieTva === 'E') return 'Franchise (sans TVA)';
  if (categorieTva === 'AE') return 'Autoliquidation';
  if (categorieTva === 'K' || categorieTva === 'G') return 'Exonérée';
  return `${taux.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}
