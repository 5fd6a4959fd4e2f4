import { adminStatsSchema, trialStatsSchema, usageOverviewSchema, usageStatsSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { AdminStatsService } from './admin-stats.service.js';

/** SPEC §7's statistics of the back-office; the admin guard (admin.routes.ts) runs before every one. */
export function adminStatsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const stats = new AdminStatsService(ctx);
  return async (app) => {
    app.get('/stats', { schema: { response: { 200: adminStatsSchema } } }, async () => stats.stats());
    app.get('/trial-stats', { schema: { response: { 200: trialStatsSchema } } }, async () =>
      stats.trialStats(),
    );
    app.get('/usage-stats', { schema: { response: { 200: usageStatsSchema } } }, async () =>
      stats.usageStats(),
    );
    app.get('/usage-overview', { schema: { response: { 200: usageOverviewSchema } } }, async () =>
      stats.usageOverview(),
    );
  };
}
