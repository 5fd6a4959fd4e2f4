import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Issue 18 (lane purchases): the purchases register under /achats. */
export function purchasesRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
