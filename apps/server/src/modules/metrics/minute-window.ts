import { type BucketCounts, bucketIndex, emptyBuckets, mergeBuckets } from './latency-histogram.js';

/** The window is six slots of ten seconds: « the last minute » moves forward every ten seconds. */
const SLOT_MS = 10_000;
const SLOTS = 6;

interface Slot {
  start: number;
  requests: number;
  errors: number;
  buckets: BucketCounts;
}

export interface MinuteTotals {
  requests: number;
  /** Requests answered 5xx. */
  errors: number;
  buckets: BucketCounts;
}

/** This replica's requests of the last minute, in constant memory whatever the traffic. */
export class MinuteWindow {
  private readonly slots: Slot[] = [];

  record(durationMs: number, isError: boolean, nowMs: number): void {
    const start = nowMs - (nowMs % SLOT_MS);
    let slot = this.slots.at(-1);
    if (!slot || slot.start !== start) {
      slot = { start, requests: 0, errors: 0, buckets: emptyBuckets() };
      this.slots.push(slot);
      if (this.slots.length > SLOTS) this.slots.shift();
    }
    slot.requests += 1;
    if (isError) slot.errors += 1;
    const index = bucketIndex(durationMs);
    slot.buckets[index] = (slot.buckets[index] ?? 0) + 1;
  }

  totals(nowMs: number): MinuteTotals {
    const live = this.slots.filter((slot) => slot.start > nowMs - SLOTS * SLOT_MS);
    return {
      requests: live.reduce((sum, slot) => sum + slot.requests, 0),
      errors: live.reduce((sum, slot) => sum + slot.errors, 0),
      buckets: mergeBuckets(live.map((slot) => slot.buckets)),
    };
  }
}
