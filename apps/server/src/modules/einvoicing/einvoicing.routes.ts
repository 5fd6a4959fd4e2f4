import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Issue 19: the professional's platform connection, sending through it, webhooks, the directory (platform lane). CONTRACT PLACEHOLDER. */
export function einvoicingRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
