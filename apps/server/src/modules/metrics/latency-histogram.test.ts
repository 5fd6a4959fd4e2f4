import { describe, expect, it } from 'vitest';
import {
  bucketIndex,
  emptyBuckets,
  LATENCY_BUCKETS_MS,
  mergeBuckets,
  quantileMs,
} from './latency-histogram.js';
import { MinuteWindow } from './minute-window.js';

function bucketsOf(durations: number[]) {
  const buckets = emptyBuckets();
  for (const ms of durations) {
    const i = bucketIndex(ms);
    buckets[i] = (buckets[i] ?? 0) + 1;
  }
  return buckets;
}

describe('latency histograms', () => {
  it('has no p95 without requests', () => {
    expect(quantileMs(emptyBuckets(), 0.95)).toBeNull();
  });

  it('places the p95 inside the bucket that holds it', () => {
    // 95 fast requests (≤ 10 ms) and 5 slow ones (250–400 ms): the 95th is still a fast one.
    const buckets = bucketsOf([...Array(95).fill(8), ...Array(5).fill(300)]);
    const p95 = quantileMs(buckets, 0.95) ?? 0;
    expect(p95).toBeGreaterThan(5);
    expect(p95).toBeLessThanOrEqual(10);
    expect(quantileMs(buckets, 0.99)).toBeGreaterThan(250);
  });

  it('merges replicas by adding their counts, so the cluster p95 sees every request', () => {
    const fastReplica = bucketsOf(Array(50).fill(3));
    const slowReplica = bucketsOf(Array(50).fill(900));
    const merged = mergeBuckets([fastReplica, slowReplica]);
    expect(merged.reduce((a, b) => a + b, 0)).toBe(100);
    expect(quantileMs(merged, 0.95)).toBeGreaterThan(600);
    expect(quantileMs(merged, 0.95)).toBeLessThanOrEqual(1000);
    // Buckets of another shape (another server version) are left out rather than misread.
    expect(mergeBuckets([fastReplica, [1, 2, 3]])).toEqual(fastReplica);
  });

  it('answers the last bound for requests beyond it', () => {
    expect(quantileMs(bucketsOf([60_000]), 0.95)).toBe(LATENCY_BUCKETS_MS.at(-1));
  });
});

describe('the last minute of one replica', () => {
  it('counts requests and 5xx of the last 60 s only', () => {
    const window = new MinuteWindow();
    const t0 = 1_000_000_000_000;
    window.record(12, false, t0);
    window.record(40, true, t0 + 5_000);
    window.record(20, false, t0 + 30_000);
    expect(window.totals(t0 + 31_000)).toMatchObject({ requests: 3, errors: 1 });
    // A minute later the first slot has left the window.
    expect(window.totals(t0 + 65_000)).toMatchObject({ requests: 1, errors: 0 });
    expect(window.totals(t0 + 200_000)).toMatchObject({ requests: 0, errors: 0 });
  });
});
