/**
 * Request latencies as counts per bucket. Replicas write their buckets of the last minute in their
 * heartbeat, so the cluster's p95 is computed from the sum of every replica's buckets: percentiles
 * themselves cannot be averaged, histograms can be added.
 */

/** Upper bounds of the buckets, in milliseconds; one more bucket holds everything above the last. */
export const LATENCY_BUCKETS_MS = [
  5, 10, 20, 35, 50, 75, 100, 150, 250, 400, 600, 1000, 1500, 2500, 5000, 10000,
] as const;

export type BucketCounts = number[];

export function emptyBuckets(): BucketCounts {
  return new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
}

export function bucketIndex(ms: number): number {
  const index = LATENCY_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? LATENCY_BUCKETS_MS.length : index;
}

/** Element-wise sum; a list of another length (an older replica's buckets) is ignored rather than misread. */
export function mergeBuckets(lists: readonly BucketCounts[]): BucketCounts {
  const total = emptyBuckets();
  for (const list of lists) {
    if (list.length !== total.length) continue;
    list.forEach((count, i) => {
      total[i] = (total[i] ?? 0) + count;
    });
  }
  return total;
}

/**
 * The q-quantile (0.95 for p95), interpolated linearly inside its bucket, rounded to the millisecond;
 * null when there is no request. Beyond the last bound the last bound is returned: « 10 s or more ».
 */
export function quantileMs(buckets: BucketCounts, q: number): number | null {
  const count = buckets.reduce((sum, n) => sum + n, 0);
  if (count === 0) return null;
  const rank = q * count;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    const inBucket = buckets[i] ?? 0;
    if (inBucket > 0 && seen + inBucket >= rank) {
      const lower = i === 0 ? 0 : (LATENCY_BUCKETS_MS[i - 1] ?? 0);
      const upper = LATENCY_BUCKETS_MS[i];
      if (upper === undefined) return lower;
      return Math.round(lower + ((upper - lower) * (rank - seen)) / inBucket);
    }
    seen += inBucket;
  }
  return LATENCY_BUCKETS_MS.at(-1) ?? null;
}
