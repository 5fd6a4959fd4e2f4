import {
  creditNoteInputSchema,
  invoiceInputSchema,
  invoiceRefusalInputSchema,
  invoiceSchema,
  invoiceStatusesSchema,
  issuerStatusInputSchema,
  numberingInfoSchema,
  recipientStatusInputSchema,
  sendInternalResponseSchema,
  sendInvoiceEmailSchema,
  singleLine,
  statusOnlyInputSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { parseOrBadRequest } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { CANCEL_REASON_MAX } from '../numbers-register/cancel-reasons.js';
import { paymentsRoutes } from '../payments/payments.routes.js';
import { CreditNotesService } from './credit-notes.js';
import { refuseInvoice } from './invoice-refusal.js';
import { InvoiceSendingService } from './invoice-sending.service.js';
import { presentInvoice as presentOn, type ViewerRole } from './invoices.presenter.js';
import type { InvoiceRecord } from './invoices.repo.js';
import { InvoicesService } from './invoices.service.js';
import { sendInvoicePdf } from './issued-original.js';

/** Deleting an unsent invoice may say why (`?motif=`), kept in the numbers register. */
const cancelQuerySchema = z.object({ motif: singleLine().max(CANCEL_REASON_MAX).optional() });

/** PUT /factures/{id} is the full edit, or, with `statut` alone, the issuer's status (SPEC §7). */
function isStatusOnly(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).join() === 'statut'
  );
}

export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Lateness is judged on today in Paris, by the app's clock (tests move it).
  const presentInvoice = (record: InvoiceRecord, role: ViewerRole) =>
    presentOn(record, role, parisDate(ctx.clock.now()));
  const asIssuer = (record: InvoiceRecord) => presentInvoice(record, 'emetteur');
  const invoices = new InvoicesService(ctx);
  const sending = new InvoiceSendingService(ctx);
  const creditNotes = new CreditNotesService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    await app.register(paymentsRoutes(ctx));

    app.get(
      '/factures/info-numerotation',
      { schema: { response: { 200: numberingInfoSchema } } },
      async (request) => ({ prochainNumero: await invoices.nextNumber(currentUser(request)) }),
    );
    app.get(
      '/factures/:id',
      { schema: { params: idParamsSchema, response: { 200: invoiceSchema } } },
      async (request) => {
        const { record, role } = await invoices.open(currentUser(request), request.params.id);
        return presentInvoice(record, role);
      },
    );
    app.post(
      '/factures',
      { schema: { body: invoiceInputSchema, response: { 201: invoiceSchema } } },
      async (request, reply) =>
        reply.code(201).send(asIssuer(await invoices.create(currentUser(request), request.body))),
    );
    app.put(
      '/factures/:id',
      { schema: { params: idParamsSchema, body: z.unknown(), response: { 200: invoiceSchema } } },
      async (request) => {
        const user = currentUser(request);
        const { id } = request.params;
        const record = isStatusOnly(request.body)
          ? await invoices.setIssuerStatus(
              user,
              id,
              parseOrBadRequest(statusOnlyInputSchema, request.body).statut,
            )
          : await invoices.update(user, id, parseOrBadRequest(invoiceInputSchema, request.body));
        return asIssuer(record);
      },
    );
    app.delete(
      '/factures/:id',
      { schema: { params: idParamsSchema, querystring: cancelQuerySchema } },
      async (request, reply) => {
        await invoices.remove(currentUser(request), request.params.id, request.query.motif);
        return reply.code(204).send();
      },
    );
    app.post(
      '/factures/:id/avoir',
      { schema: { params: idParamsSchema, body: creditNoteInputSchema, response: { 201: invoiceSchema } } },
      async (request, reply) =>
        reply
          .code(201)
          .send(asIssuer(await creditNotes.create(currentUser(request), request.params.id, request.body))),
    );
    app.post(
      '/factures/:id/send-email',
      { schema: { params: idParamsSchema, body: sendInvoiceEmailSchema, response: { 200: invoiceSchema } } },
      async (request) =>
        asIssuer(await sending.sendByEmail(currentUser(request), request.params.id, request.body)),
    );
    app.get('/factures/:id/pdf', { schema: { params: idParamsSchema } }, async (request, reply) =>
      sendInvoicePdf(request, reply, await invoices.pdf(currentUser(request), request.params.id)),
    );
    app.get(
      '/factures/:id/statuts',
      { schema: { params: idParamsSchema, response: { 200: invoiceStatusesSchema } } },
      async (request) => invoices.statuses(currentUser(request), request.params.id),
    );
    app.put(
      '/factures/:id/statut-emetteur',
      { schema: { params: idParamsSchema, body: issuerStatusInputSchema, response: { 200: invoiceSchema } } },
      async (request) =>
        asIssuer(
          await invoices.setIssuerStatus(
            currentUser(request),
            request.params.id,
            request.body.statutEmetteur,
          ),
        ),
    );
    app.put(
      '/factures/:id/statut-destinataire',
      {
        schema: {
          params: idParamsSchema,
          body: recipientStatusInputSchema,
          response: { 200: invoiceSchema },
        },
      },
      async (request) =>
        presentInvoice(
          await invoices.setRecipientStatus(
            currentUser(request),
            request.params.id,
            request.body.statutDestinataire,
          ),
          'destinataire',
        ),
    );
    app.patch(
      '/factures/:id/payer',
      { schema: { params: idParamsSchema, response: { 200: invoiceSchema } } },
      async (request) =>
        presentInvoice(
          await invoices.setRecipientStatus(currentUser(request), request.params.id, 'payee'),
          'destinataire',
        ),
    );
    app.post(
      '/factures/:id/refuser',
      {
        schema: { params: idParamsSchema, body: invoiceRefusalInputSchema, response: { 200: invoiceSchema } },
      },
      async (request) =>
        presentInvoice(
          await refuseInvoice(ctx, currentUser(request), request.params.id, request.body.motif),
          'destinataire',
        ),
    );
    app.post(
      '/factures/:id/send-internal',
      { schema: { params: idParamsSchema, response: { 200: sendInternalResponseSchema } } },
      async (request) => {
        const { record, ...outcome } = await sending.sendInternal(currentUser(request), request.params.id);
        return { ...asIssuer(record), ...outcome };
      },
    );
  };
}
