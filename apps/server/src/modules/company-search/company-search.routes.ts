import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Issue 19: the company search of client creation (directory lane). CONTRACT PLACEHOLDER. */
export function companySearchRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
