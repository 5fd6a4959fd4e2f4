import type { FranchiseLevel } from '@facturo/shared';

export type GaugeTone = 'ok' | 'warning' | 'danger';

/** Green-blue below 80 %, amber from 80 % (the shared warning ratio decides the level), red once crossed. */
export function gaugeTone(level: FranchiseLevel): GaugeTone {
  if (level === 'ok') return 'ok';
  return level === 'alerte' ? 'warning' : 'danger';
}

/** The ratio as a whole percent for the text and the bar (the bar stops at 100 %, the text does not). */
export function gaugePercent(ratio: number): number {
  return Math.max(0, Math.floor(ratio * 100));
}

export function gaugeWidth(ratio: number): number {
  return Math.min(100, gaugePercent(ratio));
}
