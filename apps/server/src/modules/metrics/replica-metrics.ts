import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../../db/types.js';
import { passwordChecks } from '../../lib/password-hash.js';
import { LATENCY_BUCKETS_MS } from './latency-histogram.js';
import { type MinuteTotals, MinuteWindow } from './minute-window.js';

/**
 * What one replica (one app instance) measures of itself: the Prometheus registry served at /metrics,
 * and the last minute's requests that its heartbeat writes for the admin's cluster view. Each instance
 * has its own registry, so two apps in one process (tests) never mix their figures.
 */
export class ReplicaMetrics {
  readonly registry = new Registry();
  /** Unique per app instance, even for two in one process. */
  readonly replicaId = `${os.hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly hostname = os.hostname();
  readonly startedAt = new Date();
  private readonly window = new MinuteWindow();
  private readonly duration: Histogram<'method' | 'route' | 'status_code'>;

  constructor(readonly poolStats: () => PoolStats | null = () => null) {
    collectDefaultMetrics({ register: this.registry });
    // A process's figure, like the default ones: argon2 runs in the process, whichever app asked.
    this.registry.registerMetric(passwordChecks);
    this.duration = new Histogram({
      name: 'facturo_http_request_duration_seconds',
      help: 'Durée des requêtes HTTP, par méthode, route et code de réponse',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS_MS.map((ms) => ms / 1000),
      registers: [this.registry],
    });
    new Gauge({
      name: 'facturo_db_pool_connections',
      help: 'Connexions du pool PostgreSQL (total, idle, waiting)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = poolStats();
        if (!stats) return;
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  /** `route` is the route's pattern (/api/factures/:id), never the raw URL: a bounded set of labels. */
  observe(method: string, route: string, statusCode: number, durationMs: number): void {
    this.duration.observe({ method, route, status_code: String(statusCode) }, durationMs / 1000);
    this.window.record(durationMs, statusCode >= 500, Date.now());
  }

  lastMinute(): MinuteTotals {
    return this.window.totals(Date.now());
  }
}
