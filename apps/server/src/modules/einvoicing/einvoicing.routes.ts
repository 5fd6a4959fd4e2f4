import {
  einvoicingConnectionInputSchema,
  einvoicingConnectionSchema,
  platformFlowListSchema,
} from '@facturo/shared';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { openSecret } from '../../lib/secret-box.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { assertProfessional } from '../users/professional-guard.js';
import { presentConnection, presentFlow } from './platform/connection.presenter.js';
import { findConnection } from './platform/connection.repo.js';
import { ConnectionService } from './platform/connection.service.js';
import { forgetDelivery, rememberDelivery } from './platform/received-webhooks.repo.js';
import { SIGNATURE_HEADER, verifyWebhook } from './platform/webhook-signature.js';

const ACTION = 'vous connecter à une plateforme de facturation électronique';

/**
 * Issue 19: the professional's platform connection (GET/PUT /facturation-electronique/connexion), the
 * flows exchanged with it (GET …/flux) and the platform's webhooks (POST …/webhooks/:userId), which
 * schedule a sync once their signature holds.
 */
export function einvoicingRoutes(ctx: AppContext): FastifyPluginAsync {
  const connections = new ConnectionService(ctx);
  const webhookUrl = (userId: string) =>
    `${ctx.config.appUrl}/api/facturation-electronique/webhooks/${userId}`;
  return async (app) => {
    await app.register(webhookRoute(ctx));
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', authenticate(ctx));
      signedIn.get(
        '/facturation-electronique/connexion',
        { schema: { response: { 200: einvoicingConnectionSchema } } },
        async (request) => {
          const user = currentUser(request);
          assertProfessional(user, ACTION);
          return presentConnection(await connections.get(user.id), webhookUrl(user.id));
        },
      );
      signedIn.put(
        '/facturation-electronique/connexion',
        { schema: { body: einvoicingConnectionInputSchema, response: { 200: einvoicingConnectionSchema } } },
        async (request) => {
          const user = currentUser(request);
          assertProfessional(user, ACTION);
          return presentConnection(await connections.save(user.id, request.body), webhookUrl(user.id));
        },
      );
      signedIn.get(
        '/facturation-electronique/flux',
        { schema: { response: { 200: platformFlowListSchema } } },
        async (request) => {
          const user = currentUser(request);
          assertProfessional(user, ACTION);
          return { flux: (await connections.recentFlows(user.id)).map(presentFlow) };
        },
      );
    });
  };
}

/** The webhook: its signature is over the exact bytes sent, so the body stays unparsed here. */
function webhookRoute(ctx: AppContext): FastifyPluginAsyncZod {
  return async (scope) => {
    const app = scope.withTypeProvider<ZodTypeProvider>();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 64 * 1024 },
      (_r, body, done) => done(null, body),
    );
    app.post(
      '/facturation-electronique/webhooks/:userId',
      { schema: { params: z.object({ userId: z.uuid() }) } },
      async (request, reply) => {
        const refused = new AppError(401, 'invalid_webhook_signature', 'Signature du webhook invalide.');
        const { userId } = request.params;
        if (!Buffer.isBuffer(request.body)) throw refused;
        const connection = await findConnection(ctx.db, userId);
        if (!connection?.webhookSecretEncrypted) throw refused;
        const secret = openSecret(ctx.config.einvoicing.secretKey, connection.webhookSecretEncrypted);
        const header = request.headers[SIGNATURE_HEADER];
        const now = ctx.clock.now();
        const deliveryKey = verifyWebhook(
          secret,
          request.body,
          typeof header === 'string' ? header : undefined,
          now,
        );
        if (!deliveryKey) throw refused;
        // A signature stays valid for its tolerance: a copy of it sent again within that window is refused.
        if (!(await rememberDelivery(ctx.db, userId, deliveryKey, now))) {
          throw new AppError(
            409,
            'webhook_replayed',
            'Ce webhook a déjà été reçu : une même livraison n’est acceptée qu’une fois.',
          );
        }
        // What changed is read back from the platform (never trusted from the body): a sync.
        try {
          await ctx.platformJobs.schedulePlatformSync({ userId });
        } catch (error) {
          await forgetDelivery(ctx.db, userId, deliveryKey);
          throw error;
        }
        return reply.code(202).send({ recu: true });
      },
    );
  };
}
