import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Placeholder of the contract commit: filled by its lane (see the admin module's routes). */
export function adminMetricsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  void ctx;
  return async () => {};
}
