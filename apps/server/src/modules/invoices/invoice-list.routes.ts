import { invoiceListQuerySchema, invoiceListSchema, invoiceListTotalsSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { sendPage } from '../../lib/keyset-page.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { type InvoiceList, InvoiceListService } from './invoice-list.service.js';

const totalsQuerySchema = invoiceListQuerySchema.pick({ status: true, type: true, q: true });
const ISSUED: InvoiceList = { kind: 'emises' };
const RECEIVED: InvoiceList = { kind: 'recues' };

/**
 * The invoice lists (issue 16): a page in the body (the array SPEC §7 describes), the next cursor and
 * the total in headers (LIST_HEADERS); `/totaux` gives the same list's figures.
 */
export function invoiceListRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const lists = new InvoiceListService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    const pageSchema = { querystring: invoiceListQuerySchema, response: { 200: invoiceListSchema } };
    const totalsSchema = { querystring: totalsQuerySchema, response: { 200: invoiceListTotalsSchema } };

    app.get('/factures', { schema: pageSchema }, async (request, reply) =>
      sendPage(reply, await lists.page(currentUser(request), ISSUED, request.query)),
    );
    app.get('/factures/totaux', { schema: totalsSchema }, async (request) =>
      lists.totals(currentUser(request), ISSUED, request.query),
    );
    app.get('/factures/received', { schema: pageSchema }, async (request, reply) =>
      sendPage(reply, await lists.page(currentUser(request), RECEIVED, request.query)),
    );
    app.get('/factures/received/totaux', { schema: totalsSchema }, async (request) =>
      lists.totals(currentUser(request), RECEIVED, request.query),
    );
    app.get(
      '/factures/client/:id',
      { schema: { ...pageSchema, params: idParamsSchema } },
      async (request, reply) =>
        sendPage(
          reply,
          await lists.page(
            currentUser(request),
            { kind: 'client', clientId: request.params.id },
            request.query,
          ),
        ),
    );
    app.get(
      '/factures/client/:id/totaux',
      { schema: { ...totalsSchema, params: idParamsSchema } },
      async (request) =>
        lists.totals(currentUser(request), { kind: 'client', clientId: request.params.id }, request.query),
    );
  };
}
