import {
  adminPlanRequestSchema,
  adminSubscriptionSchema,
  adminUserDetailsSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  banRequestSchema,
  extendTrialRequestSchema,
  quotasRequestSchema,
  resetAllQuotasResultSchema,
  syncSubscriptionsResultSchema,
  usageHistoryQuerySchema,
  usageHistorySchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { exportAttachment } from '../exports/user-data-export.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';
import { syncSubscriptions } from '../subscription/subscription-sync.js';
import { recordAdminAction } from './admin-audit.repo.js';
import { AdminUserActions } from './admin-user-actions.service.js';
import { AdminUsersService } from './admin-users.service.js';

/** SPEC §7's user calls of the back-office; the admin guard (admin.routes.ts) runs before every one. */
export function adminUsersRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  const reads = new AdminUsersService(ctx, provider);
  const actions = new AdminUserActions(ctx);
  const userResponse = { response: { 200: adminUserSchema } };
  return async (app) => {
    app.get(
      '/users',
      { schema: { querystring: adminUsersQuerySchema, response: { 200: z.array(adminUserSchema) } } },
      async (request, reply) => {
        const { users, total } = await reads.list(request.query);
        // SPEC §7 expects an array: the total of the filtered set, for paging, travels in a header.
        return reply.header('x-total-count', String(total)).send(users);
      },
    );
    app.get(
      '/users/:id/details',
      { schema: { params: idParamsSchema, response: { 200: adminUserDetailsSchema } } },
      async (request) => reads.details(request.params.id),
    );
    app.get(
      '/users/:id/subscription',
      { schema: { params: idParamsSchema, response: { 200: adminSubscriptionSchema } } },
      async (request) => reads.subscription(request.params.id),
    );
    app.get(
      '/users/:id/usage-history',
      {
        schema: {
          params: idParamsSchema,
          querystring: usageHistoryQuerySchema,
          response: { 200: usageHistorySchema },
        },
      },
      async (request) => reads.usageHistory(request.params.id, request.query.mois),
    );
    app.get('/users/:id/export', { schema: { params: idParamsSchema } }, async (request, reply) => {
      const { user, data } = await reads.export(currentUser(request), request.params.id);
      return reply
        .header('content-disposition', exportAttachment(`donnees-facturo-${user.id}`, ctx.clock.now()))
        .send(data);
    });
    app.put(
      '/extend-trial/:id',
      { schema: { params: idParamsSchema, body: extendTrialRequestSchema, ...userResponse } },
      async (request) => actions.extendTrial(currentUser(request), request.params.id, request.body.jours),
    );
    app.put(
      '/users/:id/plan',
      { schema: { params: idParamsSchema, body: adminPlanRequestSchema, ...userResponse } },
      async (request) => actions.setPlan(currentUser(request), request.params.id, request.body.plan),
    );
    app.put(
      '/users/:id/ban',
      { schema: { params: idParamsSchema, body: banRequestSchema, ...userResponse } },
      async (request) => actions.setBan(currentUser(request), request.params.id, request.body.isBanned),
    );
    app.put(
      '/users/:id/quotas',
      { schema: { params: idParamsSchema, body: quotasRequestSchema, ...userResponse } },
      async (request) => actions.setQuotas(currentUser(request), request.params.id, request.body),
    );
    app.post(
      '/users/:id/reset-quotas',
      { schema: { params: idParamsSchema, ...userResponse } },
      async (request) => actions.resetQuotas(currentUser(request), request.params.id),
    );
    app.post(
      '/reset-quotas',
      { schema: { response: { 200: resetAllQuotasResultSchema } } },
      async (request) => actions.resetAllQuotas(currentUser(request)),
    );
    app.post(
      '/sync-subscriptions',
      { schema: { response: { 200: syncSubscriptionsResultSchema } } },
      async (request) => {
        const admin = currentUser(request);
        return syncSubscriptions(ctx, provider, (tx, result) =>
          recordAdminAction(tx, { admin, action: 'sync_subscriptions', after: { ...result } }),
        );
      },
    );
  };
}
