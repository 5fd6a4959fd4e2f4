import { legalMentionsBodySchema, legalMentionsSchema } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { LegalMentionsService } from './legal-mentions.service.js';

export function legalMentionsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const mentions = new LegalMentionsService(ctx);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    app.get('/mentions-legales', { schema: { response: { 200: legalMentionsSchema } } }, async (request) =>
      mentions.get(currentUser(request)),
    );
    app.put(
      '/mentions-legales',
      { schema: { body: legalMentionsBodySchema, response: { 200: legalMentionsSchema } } },
      async (request) => mentions.update(currentUser(request), request.body),
    );
  };
}
