import { companySearchQuerySchema, companySearchResultSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { searchCompanies } from './company-search.service.js';

/** Issue 19: GET /entreprises?q= — the company search of client creation (professionals only). */
export function companySearchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/entreprises',
      { schema: { querystring: companySearchQuerySchema, response: { 200: companySearchResultSchema } } },
      async (request, reply) => {
        const result = await searchCompanies(ctx, currentUser(request), request.query.q);
        // Set once answered: an outage (503) must not be kept by the browser.
        reply.header('cache-control', 'private, max-age=300');
        return result;
      },
    );
  };
}
