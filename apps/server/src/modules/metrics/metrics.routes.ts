import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors.js';
import type { ReplicaMetrics } from './replica-metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app instance's metrics: main.ts hands them to the heartbeat, tests read them. */
    replicaMetrics: ReplicaMetrics;
  }
}

export const METRICS_PATH = '/metrics';
const METRICS_REFUSED = 'Jeton de métriques absent ou invalide.';

/**
 * Times every answer for this replica's figures. The scrape itself is left out: a Prometheus polling
 * every few seconds would otherwise be most of a quiet replica's « requests per minute ».
 */
export function installRequestMetrics(app: FastifyInstance, metrics: ReplicaMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? '(aucune route)';
    if (route === METRICS_PATH) return;
    metrics.observe(request.method, route, reply.statusCode, reply.elapsedTime);
  });
}

/**
 * GET /metrics: this replica's Prometheus metrics, outside /api (a scraper reaches each replica
 * directly). With METRICS_TOKEN set, only `Authorization: Bearer <token>` is answered.
 */
export function metricsRoutes(metrics: ReplicaMetrics, token: string | undefined) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get(METRICS_PATH, async (request, reply) => {
      if (token !== undefined && !bearerMatches(request, token)) throw unauthorized(METRICS_REFUSED);
      const body = await metrics.registry.metrics();
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(body);
    });
  };
}

/** Compared as digests of equal length, in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = request.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(token));
}
