import {
  SUPPLIER_INVOICE_MAX_BYTES,
  SUPPLIER_INVOICE_MESSAGES,
  singleLine,
  supplierInvoiceListQuerySchema,
  supplierInvoiceListSchema,
  supplierInvoicePaymentSchema,
  supplierInvoiceRefusalSchema,
  supplierInvoiceSchema,
} from '@facturo/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { receiptDisposition } from '../purchases/purchase-receipt.js';
import { SupplierInvoicesService } from './supplier-invoices.service.js';

/** A malformed id cannot name an invoice of the caller's: a 404 like any other unknown id. */
const idParamsSchema = z.object({ id: singleLine().max(64) });

/** Issue 19: the « Factures fournisseurs » inbox under /factures-fournisseurs. */
export function supplierInvoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new SupplierInvoicesService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));

    app.get(
      '/factures-fournisseurs',
      {
        schema: { querystring: supplierInvoiceListQuerySchema, response: { 200: supplierInvoiceListSchema } },
      },
      async (request) => service.list(currentUser(request), request.query.statut),
    );

    app.get(
      '/factures-fournisseurs/:id',
      { schema: { params: idParamsSchema, response: { 200: supplierInvoiceSchema } } },
      async (request) => service.get(currentUser(request), request.params.id),
    );

    app.get(
      '/factures-fournisseurs/:id/original',
      { schema: { params: idParamsSchema } },
      async (request, reply) => {
        const file = await service.original(currentUser(request), request.params.id);
        const etag = `"${file.sha256}"`;
        // The original never changes: its SHA-256 is its version, and proves it is the bytes received.
        if (request.headers['if-none-match'] === etag) return reply.code(304).header('etag', etag).send();
        return reply
          .type(file.contentType)
          .header('etag', etag)
          .header('content-disposition', receiptDisposition(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-cache')
          .send(file.bytes);
      },
    );

    app.post(
      '/factures-fournisseurs/:id/approbation',
      { schema: { params: idParamsSchema, response: { 200: supplierInvoiceSchema } } },
      async (request) => service.approve(currentUser(request), request.params.id),
    );

    app.post(
      '/factures-fournisseurs/:id/refus',
      {
        schema: {
          params: idParamsSchema,
          body: supplierInvoiceRefusalSchema,
          response: { 200: supplierInvoiceSchema },
        },
      },
      async (request) => service.refuse(currentUser(request), request.params.id, request.body),
    );

    app.post(
      '/factures-fournisseurs/:id/paiement',
      {
        schema: {
          params: idParamsSchema,
          body: supplierInvoicePaymentSchema,
          response: { 200: supplierInvoiceSchema },
        },
      },
      async (request) => service.pay(currentUser(request), request.params.id, request.body),
    );

    await app.register(uploadRoute(service));
  };
}

/**
 * POST /factures-fournisseurs takes the file as the raw body (one file; the browser sends a File as is),
 * in a plugin of its own so its parser and its 10 Mo limit stay off the other routes. Whatever the
 * Content-Type says, the body is only bytes: parseEInvoice reads the type from them. The name travels
 * percent-encoded in X-Nom-Fichier.
 */
function uploadRoute(service: SupplierInvoicesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: SUPPLIER_INVOICE_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw new AppError(413, 'payload_too_large', SUPPLIER_INVOICE_MESSAGES.tooLarge);
      }
      throw error;
    });
    app.post(
      '/factures-fournisseurs',
      { bodyLimit: SUPPLIER_INVOICE_MAX_BYTES, schema: { response: { 201: supplierInvoiceSchema } } },
      async (request, reply) => {
        const name = request.headers['x-nom-fichier'];
        const invoice = await service.upload(
          currentUser(request),
          request.body,
          typeof name === 'string' ? name : undefined,
        );
        return reply.code(201).send(invoice);
      },
    );
  };
}
