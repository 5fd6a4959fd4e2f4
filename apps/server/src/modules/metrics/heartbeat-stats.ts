import { z } from 'zod';
import { LATENCY_BUCKETS_MS } from './latency-histogram.js';

/** What a replica writes in its heartbeat row (replica_heartbeats.stats), read back by the admin view. */
export const heartbeatStatsSchema = z.object({
  requests: z.number().int().min(0),
  errors: z.number().int().min(0),
  /** Latency counts of the last minute, one per bucket of LATENCY_BUCKETS_MS plus the overflow. */
  buckets: z.array(z.number().int().min(0)).length(LATENCY_BUCKETS_MS.length + 1),
  p95Ms: z.number().nullable(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  uptimeSeconds: z.number(),
  pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number() }).nullable(),
});
export type HeartbeatStats = z.infer<typeof heartbeatStatsSchema>;
