/** Order statistics of samples (milliseconds, rates): the bench reports medians and tail quantiles. */

/** The q-quantile (0–1) by the nearest-rank method; NaN for no samples. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export const sum = (values: readonly number[]): number => values.reduce((total, v) => total + v, 0);

/**
 * Runs `round` up to `max` times, stopping early once `budgetMs` has passed and at least `min` rounds
 * are done: on a loaded machine the bench keeps its ten minutes, with fewer samples (the notes say how many).
 */
export async function inRounds(
  max: number,
  budgetMs: number,
  round: (i: number) => Promise<void>,
  min = 1,
): Promise<number> {
  const start = performance.now();
  let done = 0;
  while (done < max && (done < min || performance.now() - start < budgetMs)) {
    await round(done);
    done++;
  }
  return done;
}
