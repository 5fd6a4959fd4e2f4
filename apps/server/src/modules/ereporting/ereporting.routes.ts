import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Issue 19: e-reporting of B2C and international sales (directory lane). CONTRACT PLACEHOLDER. */
export function ereportingRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
