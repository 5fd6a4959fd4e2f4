import {
  depositInputSchema,
  invoiceSchema,
  numberingInfoSchema,
  quoteAnswerInputSchema,
  quoteInputSchema,
  quoteIssuerStatusInputSchema,
  quoteListQuerySchema,
  quoteListSchema,
  quoteSchema,
  quoteStatusesSchema,
  receivedQuoteListQuerySchema,
  sendInvoiceEmailSchema,
  sendQuoteInternalResponseSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { sendPage } from '../../lib/keyset-page.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { presentInvoice } from '../invoices/invoices.presenter.js';
import { QuoteInvoicingService } from './quote-invoicing.service.js';
import { QuoteListService } from './quote-list.service.js';
import { sendQuotePdf } from './quote-pdf-reply.js';
import { QuoteSendingService } from './quote-sending.service.js';
import { presentOneQuote } from './quotes.presenter.js';
import type { QuoteRecord } from './quotes.repo.js';
import { QuotesService } from './quotes.service.js';

/** /devis (issue 15): quotes, their answers, and the deposits and final invoice made from them. */
export function quotesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const quotes = new QuotesService(ctx);
  const sending = new QuoteSendingService(ctx);
  const invoicing = new QuoteInvoicingService(ctx);
  const lists = new QuoteListService(ctx);
  const asIssuer = (record: QuoteRecord) => presentOneQuote(ctx.db, record, 'emetteur');
  const asRecipient = (record: QuoteRecord) => presentOneQuote(ctx.db, record, 'destinataire');
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/devis',
      { schema: { querystring: quoteListQuerySchema, response: { 200: quoteListSchema } } },
      async (request, reply) =>
        sendPage(reply, await lists.page(currentUser(request), 'emetteur', request.query)),
    );
    app.get(
      '/devis/received',
      { schema: { querystring: receivedQuoteListQuerySchema, response: { 200: quoteListSchema } } },
      async (request, reply) =>
        sendPage(reply, await lists.page(currentUser(request), 'destinataire', request.query)),
    );
    app.get(
      '/devis/info-numerotation',
      { schema: { response: { 200: numberingInfoSchema } } },
      async (request) => ({ prochainNumero: await quotes.nextNumber(currentUser(request)) }),
    );
    app.post(
      '/devis',
      { schema: { body: quoteInputSchema, response: { 201: quoteSchema } } },
      async (request, reply) =>
        reply.code(201).send(await asIssuer(await quotes.create(currentUser(request), request.body))),
    );
    app.get(
      '/devis/:id',
      { schema: { params: idParamsSchema, response: { 200: quoteSchema } } },
      async (request) => {
        const { record, role } = await quotes.open(currentUser(request), request.params.id);
        return presentOneQuote(ctx.db, record, role);
      },
    );
    app.put(
      '/devis/:id',
      { schema: { params: idParamsSchema, body: quoteInputSchema, response: { 200: quoteSchema } } },
      async (request) => asIssuer(await quotes.update(currentUser(request), request.params.id, request.body)),
    );
    app.delete('/devis/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
      await quotes.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    });
    app.get('/devis/:id/pdf', { schema: { params: idParamsSchema } }, async (request, reply) => {
      return sendQuotePdf(reply, await quotes.pdf(currentUser(request), request.params.id));
    });
    app.post(
      '/devis/:id/send-email',
      { schema: { params: idParamsSchema, body: sendInvoiceEmailSchema, response: { 200: quoteSchema } } },
      async (request) =>
        asIssuer(await sending.sendByEmail(currentUser(request), request.params.id, request.body)),
    );
    app.post(
      '/devis/:id/send-internal',
      { schema: { params: idParamsSchema, response: { 200: sendQuoteInternalResponseSchema } } },
      async (request) => {
        const { record, ...outcome } = await sending.sendInternal(currentUser(request), request.params.id);
        return { ...(await asIssuer(record)), ...outcome };
      },
    );
    app.get(
      '/devis/:id/statuts',
      { schema: { params: idParamsSchema, response: { 200: quoteStatusesSchema } } },
      async (request) => quotes.statuses(currentUser(request), request.params.id),
    );
    app.put(
      '/devis/:id/statut-destinataire',
      { schema: { params: idParamsSchema, body: quoteAnswerInputSchema, response: { 200: quoteSchema } } },
      async (request) =>
        asRecipient(await quotes.answer(currentUser(request), request.params.id, request.body)),
    );
    app.put(
      '/devis/:id/statut-emetteur',
      {
        schema: {
          params: idParamsSchema,
          body: quoteIssuerStatusInputSchema,
          response: { 200: quoteSchema },
        },
      },
      async (request) =>
        asIssuer(await quotes.setIssuerStatus(currentUser(request), request.params.id, request.body)),
    );
    app.post(
      '/devis/:id/acompte',
      { schema: { params: idParamsSchema, body: depositInputSchema, response: { 201: invoiceSchema } } },
      async (request, reply) => {
        const user: UserRow = currentUser(request);
        const record = await invoicing.deposit(user, request.params.id, request.body);
        return reply.code(201).send(presentInvoice(record, 'emetteur'));
      },
    );
    app.post(
      '/devis/:id/facturer',
      { schema: { params: idParamsSchema, response: { 201: invoiceSchema } } },
      async (request, reply) => {
        const record = await invoicing.finalInvoice(currentUser(request), request.params.id);
        return reply.code(201).send(presentInvoice(record, 'emetteur'));
      },
    );
  };
}
