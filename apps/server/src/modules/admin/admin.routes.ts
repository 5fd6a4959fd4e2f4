import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';
import { adminAccountRoutes } from './admin-account.routes.js';
import { requireAdmin } from './admin-guard.js';
import { adminMetricsRoutes } from './admin-metrics.routes.js';
import { adminStatsRoutes } from './admin-stats.routes.js';
import { adminUnmatchedStatusesRoutes } from './admin-unmatched-statuses.routes.js';
import { adminUsersRoutes } from './admin-users.routes.js';
import { siretDuplicatesRoutes } from './siret-duplicates.routes.js';

/**
 * Everything under /api/admin. The guard is one hook on the whole prefix, declared before any route:
 * 401 without a session, 403 to a signed-in non-admin, whatever route is added here later.
 */
export function adminRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAdmin(ctx));
    await app.register(adminUsersRoutes(ctx, provider));
    await app.register(adminStatsRoutes(ctx));
    await app.register(adminAccountRoutes(ctx, provider));
    await app.register(adminMetricsRoutes(ctx));
    await app.register(adminUnmatchedStatusesRoutes(ctx));
    await app.register(siretDuplicatesRoutes(ctx));
  };
}
