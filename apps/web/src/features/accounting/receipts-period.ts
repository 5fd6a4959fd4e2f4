import { BOOK_MESSAGES, isCalendarDay } from '@facturo/shared';

/** The receipts book's period: Paris calendar days (YYYY-MM-DD), both included. */
export interface ReceiptsPeriod {
  debut: string;
  fin: string;
}

export type ReceiptsPreset = 'mois' | 'annee' | 'annee-derniere';

export const RECEIPTS_PRESETS: { value: ReceiptsPreset; label: string }[] = [
  { value: 'mois', label: 'Ce mois-ci' },
  { value: 'annee', label: 'Cette année' },
  { value: 'annee-derniere', label: 'L’année dernière' },
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The period a preset names, seen from `today` (YYYY-MM-DD in Paris). */
export function presetPeriod(preset: ReceiptsPreset, today: string): ReceiptsPeriod {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (preset === 'mois') {
    // Day 0 of the next month is the last day of this one.
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { debut: `${year}-${pad(month)}-01`, fin: `${year}-${pad(month)}-${pad(lastDay)}` };
  }
  const shown = preset === 'annee' ? year : year - 1;
  return { debut: `${shown}-01-01`, fin: `${shown}-12-31` };
}

/** The preset a period is exactly, if any: its button shows pressed. */
export function presetOf(period: ReceiptsPeriod, today: string): ReceiptsPreset | null {
  return (
    RECEIPTS_PRESETS.map((p) => p.value).find((preset) => {
      const candidate = presetPeriod(preset, today);
      return candidate.debut === period.debut && candidate.fin === period.fin;
    }) ?? null
  );
}

/** What is wrong with the typed period, in the server's words; null when it can be asked for. */
export function periodError(period: ReceiptsPeriod): string | null {
  if (!isCalendarDay(period.debut)) return BOOK_MESSAGES.debut;
  if (!isCalendarDay(period.fin)) return BOOK_MESSAGES.fin;
  if (period.debut > period.fin) return BOOK_MESSAGES.order;
  return null;
}

/** The years a FEC can be asked for: this one and the five before (the books are kept six years). */
export function fecYears(today: string): number[] {
  const year = Number(today.slice(0, 4));
  return Array.from({ length: 6 }, (_, i) => year - i);
}
