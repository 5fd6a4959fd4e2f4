import { realtimeMetricsSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { realtimeMetrics } from './admin-metrics.service.js';

/** GET /admin/metrics/realtime: the whole cluster, from the replicas' heartbeats (admin guard: admin.routes). */
export function adminMetricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/metrics/realtime',
      { schema: { response: { 200: realtimeMetricsSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return realtimeMetrics(ctx);
      },
    );
  };
}
