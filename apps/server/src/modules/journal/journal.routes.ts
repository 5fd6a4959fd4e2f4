import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Issue 18 (lane journal): GET /journal/verification, the monthly seals' list and downloads. */
export function journalRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
