import { buyerDirectorySchema, invoiceLifecycleSchema, platformSendResponseSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../context.js';
import { authenticate, currentUser } from '../../../plugins/authenticate.js';
import { idParamsSchema } from '../../clients/clients.routes.js';
import { PlatformSendingService } from './platform-sending.service.js';

/**
 * Issue 19, the seller's side of e-invoicing: whether and where the buyer receives (the directory), the
 * sending through the platform, and the invoice's lifecycle statuses. Only the issuer; others get 404 (or
 * 403 for the recipient on the platform, as for the other sendings).
 */
export function platformSendingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const sending = new PlatformSendingService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/factures/:id/cycle-de-vie',
      { schema: { params: idParamsSchema, response: { 200: invoiceLifecycleSchema } } },
      async (request) => sending.lifecycle(currentUser(request), request.params.id),
    );
    app.get(
      '/factures/:id/plateforme-agreee/annuaire',
      { schema: { params: idParamsSchema, response: { 200: buyerDirectorySchema } } },
      async (request) => sending.buyerDirectory(currentUser(request), request.params.id),
    );
    app.post(
      '/factures/:id/plateforme-agreee',
      { schema: { params: idParamsSchema, response: { 200: platformSendResponseSchema } } },
      async (request) => sending.send(currentUser(request), request.params.id),
    );
  };
}
