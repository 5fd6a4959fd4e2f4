import {
  invoiceLinkAccountRequestSchema,
  invoiceLinkAccountResponseSchema,
  invoiceLinkSchema,
  singleLine,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendInvoicePdf } from '../invoices/issued-original.js';
import { InvoiceLinkService } from './invoice-link.service.js';

/** A token far longer than any signed here is refused before it is read. */
const tokenParamsSchema = z.object({ token: singleLine().min(1).max(600) });

/** The signed link's three calls, all without sign-in: the token is the permission. */
export function invoiceLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const links = new InvoiceLinkService(ctx);
  return async (app) => {
    app.get(
      '/facture-en-ligne/:token',
      { schema: { params: tokenParamsSchema, response: { 200: invoiceLinkSchema } } },
      async (request) => links.view(request.params.token, request.ip),
    );
    app.get(
      '/facture-en-ligne/:token/pdf',
      { schema: { params: tokenParamsSchema } },
      async (request, reply) =>
        sendInvoicePdf(request, reply, await links.pdf(request.params.token, request.ip)),
    );
    app.post(
      '/facture-en-ligne/:token/compte',
      {
        schema: {
          params: tokenParamsSchema,
          body: invoiceLinkAccountRequestSchema,
          response: { 200: invoiceLinkAccountResponseSchema },
        },
      },
      async (request) => links.createAccount(request.params.token, request.body, request.ip),
    );
  };
}
