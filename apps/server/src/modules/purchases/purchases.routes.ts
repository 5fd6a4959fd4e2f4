import {
  PURCHASE_MESSAGES,
  PURCHASE_RECEIPT_MAX_BYTES,
  purchaseExportFileName,
  purchaseExportQuerySchema,
  purchaseInputSchema,
  purchaseListSchema,
  purchasePeriodQuerySchema,
  purchaseSchema,
  singleLine,
} from '@facturo/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { attachment } from '../../lib/french-csv.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { renderRegisterPdf } from '../invoices/document/pdf-pool.js';
import { receiptDisposition } from './purchase-receipt.js';
import { presentPurchase } from './purchases.presenter.js';
import { PurchasesService } from './purchases.service.js';
import { purchasesCsv, purchasesRegisterSpec } from './purchases-export.js';

/** A malformed id cannot name a purchase of the caller's: a 404 like any other unknown id. */
const idParamsSchema = z.object({ id: singleLine().max(64) });

/** Issue 18: the purchases register under /achats (list, CRUD, receipts, CSV and PDF exports). */
export function purchasesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const purchases = new PurchasesService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/achats',
      { schema: { querystring: purchasePeriodQuerySchema, response: { 200: purchaseListSchema } } },
      async (request) => purchases.list(currentUser(request), request.query),
    );

    app.get(
      '/achats/export',
      { schema: { querystring: purchaseExportQuerySchema } },
      async (request, reply) => {
        const user = currentUser(request);
        const { format, ...query } = request.query;
        const { period, entries } = await purchases.entries(user, query);
        const fileName = purchaseExportFileName(period.debut, period.fin, format);
        const file =
          format === 'pdf'
            ? await renderRegisterPdf(purchasesRegisterSpec(user, period, entries))
            : purchasesCsv(entries);
        return reply
          .type(format === 'pdf' ? 'application/pdf' : 'text/csv; charset=utf-8')
          .header('content-disposition', attachment(fileName))
          .header('cache-control', 'private, no-store')
          .send(file);
      },
    );

    app.post(
      '/achats',
      { schema: { body: purchaseInputSchema, response: { 201: purchaseSchema } } },
      async (request, reply) =>
        reply.code(201).send(presentPurchase(await purchases.create(currentUser(request), request.body))),
    );

    app.get(
      '/achats/:id',
      { schema: { params: idParamsSchema, response: { 200: purchaseSchema } } },
      async (request) => presentPurchase(await purchases.get(currentUser(request), request.params.id)),
    );

    app.put(
      '/achats/:id',
      { schema: { params: idParamsSchema, body: purchaseInputSchema, response: { 200: purchaseSchema } } },
      async (request) =>
        presentPurchase(await purchases.update(currentUser(request), request.params.id, request.body)),
    );

    app.delete('/achats/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
      await purchases.remove(currentUser(request), request.params.id);
      return reply.code(204).send();
    });

    app.get('/achats/:id/justificatif', { schema: { params: idParamsSchema } }, async (request, reply) => {
      const receipt = await purchases.receipt(currentUser(request), request.params.id);
      // Served as what its bytes are, never sniffed into something else (a PDF with HTML inside stays a PDF).
      return reply
        .type(receipt.contentType)
        .header('content-disposition', receiptDisposition(receipt.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(receipt.bytes);
    });

    app.delete(
      '/achats/:id/justificatif',
      { schema: { params: idParamsSchema, response: { 200: purchaseSchema } } },
      async (request) =>
        presentPurchase(await purchases.removeReceipt(currentUser(request), request.params.id)),
    );

    await app.register(receiptUploadRoute(purchases));
  };
}

/**
 * PUT /achats/:id/justificatif takes the file as the raw body (no multipart: one file, and the browser
 * sends a File as is). In a plugin of its own, so its parser and its 5 Mo limit stay off the other routes:
 * whatever the Content-Type says (a renamed program may claim application/pdf), the body is only bytes
 * here, and the bytes decide (purchase-receipt.ts). The name travels percent-encoded in X-Nom-Fichier.
 */
function receiptUploadRoute(purchases: PurchasesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: PURCHASE_RECEIPT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Fastify's own « too large » says nothing of the limit: say it, then let the app's handler answer.
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(413, 'payload_too_large', PURCHASE_MESSAGES.receiptTooLarge);
      }
      throw error;
    });
    app.put(
      '/achats/:id/justificatif',
      {
        bodyLimit: PURCHASE_RECEIPT_MAX_BYTES,
        schema: { params: idParamsSchema, response: { 200: purchaseSchema } },
      },
      async (request) => {
        const name = request.headers['x-nom-fichier'];
        return presentPurchase(
          await purchases.attachReceipt(
            currentUser(request),
            request.params.id,
            request.body,
            typeof name === 'string' ? name : undefined,
          ),
        );
      },
    );
  };
}
