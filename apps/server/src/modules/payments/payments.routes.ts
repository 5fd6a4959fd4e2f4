import { invoicePaymentsSchema, paymentInputSchema, paymentRejectionSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { PaymentsService } from './payments.service.js';

const paymentParamsSchema = idParamsSchema.extend({ paymentId: z.string() });

/**
 * /factures/{id}/paiements (issue 17). Mounted by invoicesRoutes, behind its authentication: the
 * payments are a part of the invoice's resource.
 */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const payments = new PaymentsService(ctx);
  return async (app) => {
    const response = { 200: invoicePaymentsSchema };
    app.get('/factures/:id/paiements', { schema: { params: idParamsSchema, response } }, async (request) =>
      payments.list(currentUser(request), request.params.id),
    );
    app.post(
      '/factures/:id/paiements',
      {
        schema: {
          params: idParamsSchema,
          body: paymentInputSchema,
          response: { 201: invoicePaymentsSchema },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await payments.record(currentUser(request), request.params.id, request.body)),
    );
    app.delete(
      '/factures/:id/paiements/:paymentId',
      { schema: { params: paymentParamsSchema, response } },
      async (request) => payments.remove(currentUser(request), request.params.id, request.params.paymentId),
    );
    app.post(
      '/factures/:id/paiements/:paymentId/confirmer',
      { schema: { params: paymentParamsSchema, response } },
      async (request) => payments.confirm(currentUser(request), request.params.id, request.params.paymentId),
    );
    app.post(
      '/factures/:id/paiements/:paymentId/rejeter',
      { schema: { params: paymentParamsSchema, body: paymentRejectionSchema, response } },
      async (request) =>
        payments.reject(
          currentUser(request),
          request.params.id,
          request.params.paymentId,
          request.body.motif,
        ),
    );
  };
}
