import {
  dashboardSchema,
  urssafActivityBodySchema,
  urssafQuerySchema,
  urssafSummarySchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { DashboardService } from './dashboard.service.js';

/** Issue 17: /tableau-de-bord's figures and the URSSAF helper. */
export function dashboardRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const dashboard = new DashboardService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get('/tableau-de-bord', { schema: { response: { 200: dashboardSchema } } }, async (request) =>
      dashboard.dashboard(currentUser(request)),
    );
    app.get(
      '/tableau-de-bord/urssaf',
      { schema: { querystring: urssafQuerySchema, response: { 200: urssafSummarySchema } } },
      async (request) => dashboard.urssaf(currentUser(request), request.query),
    );
    app.put(
      '/tableau-de-bord/activite-urssaf',
      {
        schema: {
          body: urssafActivityBodySchema,
          response: { 200: urssafActivityBodySchema },
        },
      },
      async (request) => dashboard.setActivity(currentUser(request), request.body.activite),
    );
  };
}
