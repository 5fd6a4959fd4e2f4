import { ereportingDetailSchema, ereportingPeriodListSchema, singleLine } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { EreportingService } from './ereporting.service.js';

/** The period's code is checked by the service, which answers its own French sentence. */
const periodParamsSchema = z.object({ periode: singleLine().max(16) });

/** Issue 19: e-reporting of B2C and international sales under /ereporting (professionals only). */
export function ereportingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ereporting = new EreportingService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/ereporting/periodes',
      { schema: { response: { 200: ereportingPeriodListSchema } } },
      async (request) => ereporting.periods(currentUser(request)),
    );

    app.get(
      '/ereporting/:periode',
      { schema: { params: periodParamsSchema, response: { 200: ereportingDetailSchema } } },
      async (request) => ereporting.detail(currentUser(request), request.params.periode),
    );

    app.post(
      '/ereporting/:periode/soumission',
      { schema: { params: periodParamsSchema, response: { 201: ereportingDetailSchema } } },
      async (request, reply) =>
        reply.code(201).send(await ereporting.submit(currentUser(request), request.params.periode)),
    );
  };
}
