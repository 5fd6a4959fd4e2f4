/** SPEC §9: more than 5 days green, 2 to 5 orange, 1 or fewer red. */
export type DaysLeftTone = 'green' | 'orange' | 'red';

/** SPEC §9: a warning appears when 3 days or fewer are left. */
export const DAYS_LEFT_WARNING_THRESHOLD = 3;

export function daysLeftTone(days: number): DaysLeftTone {
  if (days > 5) return 'green';
  if (days >= 2) return 'orange';
  return 'red';
}

export function showsDaysLeftWarning(days: number | null): boolean {
  return days !== null && days <= DAYS_LEFT_WARNING_THRESHOLD;
}

/** "1 jour", "0 jour" and "12 jours": French keeps the singular below 2. */
export function formatDaysLeft(days: number): string {
  const count = Math.max(0, days);
  return `${count} ${count < 2 ? 'jour' : 'jours'}`;
}

/** Tailwind 700 shades: the text stays above 4.5:1 on white and on the pale panel. */
export const DAYS_LEFT_TONE_CLASSES: Record<DaysLeftTone, string> = {
  green: 'text-emerald-700',
  orange: 'text-orange-700',
  red: 'text-red-700',
};
