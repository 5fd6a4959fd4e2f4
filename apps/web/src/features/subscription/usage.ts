/** How full a free-plan allowance is, for the progress bars of the sidebar and the plan panel. */
export type UsageTone = 'normal' | 'high' | 'full';

/** Whole percent, clamped to 0–100; an unlimited allowance (null) or a zero limit reads as 0 %. */
export function usagePercent(used: number, limit: number | null): number {
  if (limit === null || limit <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** The bar turns amber from 80 % so the user sees the wall before hitting it, red once reached. */
export function usageTone(used: number, limit: number | null): UsageTone {
  if (limit === null || limit <= 0) return 'normal';
  if (used >= limit) return 'full';
  return used / limit >= 0.8 ? 'high' : 'normal';
}

/** "3 / 5", or "3 / illimité". */
export function formatUsage(used: number, limit: number | null): string {
  return `${used} / ${limit === null ? 'illimité' : limit}`;
}
