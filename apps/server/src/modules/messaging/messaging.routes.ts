import {
  conversationSchema,
  conversationsQuerySchema,
  invoiceConversationResponseSchema,
  messageSchema,
  messagesQuerySchema,
  newConversationMessageResponseSchema,
  sendMessageRequestSchema,
  unreadCountSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import { MessagingService } from './messaging.service.js';

/** SPEC §7's Messages calls, and the invoice conversation's opening (issue 14). */
export function messagingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const messaging = new MessagingService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get(
      '/conversations',
      { schema: { querystring: conversationsQuerySchema, response: { 200: z.array(conversationSchema) } } },
      async (request) => messaging.list(currentUser(request), request.query.q),
    );
    // Declared before /conversations/:id/messages: `new` is not an id (find-my-way prefers the static path).
    app.post(
      '/conversations/new/messages',
      { schema: { body: sendMessageRequestSchema, response: { 201: newConversationMessageResponseSchema } } },
      async (request, reply) => {
        const conversationId = await messaging.sendToSupport(currentUser(request), request.body.contenu);
        return reply.code(201).send({ conversationId });
      },
    );
    app.post(
      '/conversations/create-support',
      { schema: { response: { 200: conversationSchema } } },
      async (request) => messaging.openSupport(currentUser(request)),
    );
    app.get(
      '/conversations/:id/messages',
      {
        schema: {
          params: idParamsSchema,
          querystring: messagesQuerySchema,
          response: { 200: z.array(messageSchema) },
        },
      },
      async (request) => messaging.messages(currentUser(request), request.params.id, request.query),
    );
    app.post(
      '/conversations/:id/messages',
      {
        schema: { params: idParamsSchema, body: sendMessageRequestSchema, response: { 201: messageSchema } },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await messaging.send(currentUser(request), request.params.id, request.body.contenu)),
    );
    app.get(
      '/messages/unread-count',
      { schema: { response: { 200: unreadCountSchema } } },
      async (request) => ({
        count: await messaging.unreadCount(currentUser(request)),
      }),
    );
    app.post(
      '/factures/:id/conversation',
      { schema: { params: idParamsSchema, response: { 200: invoiceConversationResponseSchema } } },
      async (request) => messaging.openForInvoice(currentUser(request), request.params.id),
    );
  };
}
