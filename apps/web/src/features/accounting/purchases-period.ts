import { parisDay } from '@facturo/shared';

/** A period of the register: calendar days (YYYY-MM-DD), both included. */
export interface PurchasePeriod {
  debut: string;
  fin: string;
}

export type PurchasePreset = 'mois' | 'annee' | 'annee-precedente';

export const PURCHASE_PRESET_LABELS: Record<PurchasePreset, string> = {
  mois: 'Ce mois-ci',
  annee: 'Cette année',
  'annee-precedente': 'L’année dernière',
};

const lastDayOfMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate().toString().padStart(2, '0');

/** The preset's days in the Paris calendar of `now` (the server's calendar, whatever the device's zone). */
export function presetPeriod(preset: PurchasePreset, now: Date = new Date()): PurchasePeriod {
  const today = parisDay(now);
  const year = Number(today.slice(0, 4));
  if (preset === 'mois') {
    const month = today.slice(5, 7);
    return { debut: `${year}-${month}-01`, fin: `${year}-${month}-${lastDayOfMonth(year, Number(month))}` };
  }
  const y = preset === 'annee' ? year : year - 1;
  return { debut: `${y}-01-01`, fin: `${y}-12-31` };
}

/** Which preset the period is, if any (the chip shown pressed). */
export function presetOf(period: PurchasePeriod, now: Date = new Date()): PurchasePreset | null {
  const presets = Object.keys(PURCHASE_PRESET_LABELS) as PurchasePreset[];
  return (
    presets.find((preset) => {
      const candidate = presetPeriod(preset, now);
      return candidate.debut === period.debut && candidate.fin === period.fin;
    }) ?? null
  );
}

let monthFormat: Intl.DateTimeFormat | undefined;

/** '2026-03' → « Mars 2026 ». */
export function monthLabel(month: string): string {
  monthFormat ??= new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const text = monthFormat.format(new Date(`${month}-01T00:00:00Z`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}
