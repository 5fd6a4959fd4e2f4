/**
 * One line of the bench's table: a figure, the reference measured in the same run, their ratio and the
 * issue's goal for it. A measure that fails gives an error row instead, and the others still run.
 */
export interface Row {
  measure: string;
  figure: string;
  reference: string;
  /** figure ÷ reference, printed as ×N.NN; undefined when the row has no reference. */
  ratio: number | undefined;
  goal: string;
  /** undefined: no goal (a record kept from earlier benches) or the measure failed. */
  met: boolean | undefined;
  /** What else the measure saw (sizes, counts, rounds), printed under the table. */
  detail?: string;
  error?: string;
}

/** Units as the table prints them (French number formatting, like the app). */
const number = (value: number, digits: number) =>
  value.toLocaleString('fr-FR', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const ms = (value: number) => `${number(value, value < 100 ? 1 : 0)} ms`;
export const perSecond = (value: number, unit: string) => `${number(value, value < 100 ? 1 : 0)} ${unit}/s`;
export const kilobytes = (bytes: number) => `${number(bytes / 1024, 1)} Ko`;
export const mebibytes = (bytes: number) => `${number(bytes / 2 ** 20, 0)} Mio`;
export const count = (value: number) => number(value, 0);
export const formatRatio = (ratio: number | undefined) =>
  ratio === undefined || !Number.isFinite(ratio) ? '—' : `×${number(ratio, 2)}`;

interface Compared {
  measure: string;
  figure: number;
  reference: number;
  format: (value: number) => string;
  referenceLabel: string;
  /** The goal on figure ÷ reference: at most (`max`) or at least (`min`) this ratio. */
  goal: { max: number } | { min: number };
  detail?: string;
}

/** A figure against its reference: the ratio and whether it meets the goal. */
export function comparedRow(c: Compared): Row {
  const ratio = c.figure / c.reference;
  const [goal, met] =
    'max' in c.goal
      ? [`≤ ×${number(c.goal.max, 1)}`, ratio <= c.goal.max]
      : [`≥ ×${number(c.goal.min, 1)}`, ratio >= c.goal.min];
  return {
    measure: c.measure,
    figure: c.format(c.figure),
    reference: `${c.referenceLabel} ${c.format(c.reference)}`,
    ratio,
    goal,
    met: Number.isFinite(ratio) ? met : false,
    detail: c.detail,
  };
}

/** A figure against an absolute bound of the issue (a size, a count, a latency). */
export function boundedRow(
  measure: string,
  figure: number,
  format: (value: number) => string,
  bound: number,
  detail?: string,
): Row {
  return {
    measure,
    figure: format(figure),
    reference: '—',
    ratio: undefined,
    goal: `≤ ${format(bound)}`,
    met: figure <= bound,
    detail,
  };
}

/** A figure kept from the earlier benches, with no goal in issue 16. */
export function recordRow(measure: string, figure: string, reference = '—', ratio?: number): Row {
  return { measure, figure, reference, ratio, goal: '—', met: undefined };
}

export function errorRow(measure: string, error: unknown): Row {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    measure,
    figure: 'erreur',
    reference: '—',
    ratio: undefined,
    goal: '—',
    met: undefined,
    error: reason.replace(/\s+/g, ' ').trim().slice(0, 300),
  };
}
