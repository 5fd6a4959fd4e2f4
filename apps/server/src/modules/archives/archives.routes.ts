import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Issue 18 (lane archive): yearly archives under /archives. */
export function archivesRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
