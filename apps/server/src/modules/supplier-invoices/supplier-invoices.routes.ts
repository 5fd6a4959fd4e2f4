import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';

/** Issue 19: the « Factures fournisseurs » inbox (inbox lane). CONTRACT PLACEHOLDER. */
export function supplierInvoicesRoutes(_ctx: AppContext): FastifyPluginAsync {
  return async () => {};
}
