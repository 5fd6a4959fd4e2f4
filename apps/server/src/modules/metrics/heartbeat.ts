import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { replicaHeartbeats } from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import type { HeartbeatStats } from './heartbeat-stats.js';
import { quantileMs } from './latency-histogram.js';
import type { ReplicaMetrics } from './replica-metrics.js';

export const HEARTBEAT_INTERVAL_MS = 10_000;
/** Rows of replicas gone for this long (crashed without removing theirs) are deleted by the others. */
const FORGET_AFTER = '1 hour';

/**
 * Every 10 s, this replica writes its figures of the last minute to its row of replica_heartbeats:
 * any replica answering GET /admin/metrics/realtime then sees the whole cluster. Times are the
 * database's (now()), so replicas with drifting clocks still agree on which rows are fresh.
 */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly metrics: ReplicaMetrics,
    private readonly log: FastifyBaseLogger,
  ) {}

  stats(): HeartbeatStats {
    const minute = this.metrics.lastMinute();
    const memory = process.memoryUsage();
    return {
      requests: minute.requests,
      errors: minute.errors,
      buckets: minute.buckets,
      p95Ms: quantileMs(minute.buckets, 0.95),
      rssBytes: memory.rss,
      heapUsedBytes: memory.heapUsed,
      uptimeSeconds: Math.round((Date.now() - this.metrics.startedAt.getTime()) / 1000),
      pool: this.metrics.poolStats(),
    };
  }

  async beat(): Promise<void> {
    const stats = this.stats();
    await this.db
      .insert(replicaHeartbeats)
      .values({
        replicaId: this.metrics.replicaId,
        hostname: this.metrics.hostname,
        pid: process.pid,
        startedAt: this.metrics.startedAt,
        seenAt: sql`now()`,
        stats,
      })
      .onConflictDoUpdate({ target: replicaHeartbeats.replicaId, set: { seenAt: sql`now()`, stats } });
    await this.db
      .delete(replicaHeartbeats)
      .where(sql`${replicaHeartbeats.seenAt} < now() - ${FORGET_AFTER}::interval`);
  }

  /** The first beat at once, so a replica shows as soon as it starts; a failed beat is logged, never fatal. */
  start(): void {
    const beat = () =>
      this.beat().catch((error: unknown) => this.log.warn({ err: error }, 'Battement de réplique non écrit'));
    void beat();
    this.timer = setInterval(beat, HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  /** A replica that stops leaves the cluster view at once rather than 30 s later. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.db
      .delete(replicaHeartbeats)
      .where(eq(replicaHeartbeats.replicaId, this.metrics.replicaId))
      .catch((error: unknown) => this.log.warn({ err: error }, 'Battement de réplique non retiré'));
  }
}
