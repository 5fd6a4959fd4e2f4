import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';

/** Issue 18 (lane books): GET /livre-recettes (JSON, CSV, PDF) and GET /fec. */
export function booksRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async () => {};
}
