import {
  quoteLinkAccountRequestSchema,
  quoteLinkAccountResponseSchema,
  quoteLinkSchema,
  singleLine,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { sendQuotePdf } from '../quotes/quote-pdf-reply.js';
import { QuoteLinkService } from './quote-link.service.js';

/** A token far longer than any signed here is refused before it is read. */
const tokenParamsSchema = z.object({ token: singleLine().min(1).max(600) });

/** The quote's signed link's three calls, all without sign-in: the token is the permission. */
export function quoteLinkRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const links = new QuoteLinkService(ctx);
  return async (app) => {
    app.get(
      '/devis-en-ligne/:token',
      { schema: { params: tokenParamsSchema, response: { 200: quoteLinkSchema } } },
      async (request) => links.view(request.params.token, request.ip),
    );
    app.get('/devis-en-ligne/:token/pdf', { schema: { params: tokenParamsSchema } }, async (request, reply) =>
      sendQuotePdf(reply, await links.pdf(request.params.token, request.ip)),
    );
    app.post(
      '/devis-en-ligne/:token/compte',
      {
        schema: {
          params: tokenParamsSchema,
          body: quoteLinkAccountRequestSchema,
          response: { 200: quoteLinkAccountResponseSchema },
        },
      },
      async (request) => links.createAccount(request.params.token, request.body, request.ip),
    );
  };
}
