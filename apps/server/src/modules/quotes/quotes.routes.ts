import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate } from '../../plugins/authenticate.js';

/** /devis (issue 15): quotes, their answers, and the deposits and final invoice made from them. */
export function quotesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
  };
}
