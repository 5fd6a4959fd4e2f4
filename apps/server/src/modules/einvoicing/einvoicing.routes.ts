import {
  connectionTestSchema,
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
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhook } from './afnor/webhook-signature.js';
import { presentConnection, presentFlow } from './platform/connection.presenter.js';
import { findConnection } from './platform/connection.repo.js';
import { ConnectionService } from './platform/connection.service.js';
import { forgetDelivery, rememberDelivery } from './platform/received-webhooks.repo.js';
import { type WebhookRegistration, webhookUrlFor } from './platform/webhook-registration.js';

const ACTION = 'vous connecter à une plateforme de facturation électronique';

/**
 * The professional's platform connection (GET/PUT /facturation-electronique/connexion, and POST
 * …/connexion/test: « Tester la connexion »), the flows exchanged with it (GET …/flux) and the platform's
 * webhooks (POST …/webhooks/:userId, the callback registered with POST /v1/webhooks), which schedule a
 * sync once their Afnor-Signature holds.
 */
export function einvoicingRoutes(ctx: AppContext): FastifyPluginAsync {
  const connections = new ConnectionService(ctx);
  const present = ({ row, error }: WebhookRegistration) =>
    presentConnection(row, webhookUrlFor(ctx, row), error);
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
          return present(await connections.get(user.id));
        },
      );
      signedIn.put(
        '/facturation-electronique/connexion',
        { schema: { body: einvoicingConnectionInputSchema, response: { 200: einvoicingConnectionSchema } } },
        async (request) => {
          const user = currentUser(request);
          assertProfessional(user, ACTION);
          return present(await connections.save(user.id, request.body));
        },
      );
      signedIn.post(
        '/facturation-electronique/connexion/test',
        { schema: { response: { 200: connectionTestSchema } } },
        async (request) => {
          const user = currentUser(request);
          assertProfessional(user, ACTION);
          return connections.test(user.id);
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

/**
 * The webhook: its signature (XP Z12-013, createWebhook) is over the exact bytes sent, so the body stays
 * unparsed here; it is never trusted either (what changed is read back from the platform by a sync).
 */
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
        const refused = new AppError(
          401,
          'invalid_webhook_signature',
          'Signature du webhook invalide : en-têtes Afnor-Signature et Afnor-Signature-Timestamp absents, faux ou périmés.',
        );
        const { userId } = request.params;
        if (!Buffer.isBuffer(request.body)) throw refused;
        const connection = await findConnection(ctx.db, userId);
        if (!connection?.webhookId || !connection.webhookSecretEncrypted) throw refused;
        const signingKey = openSecret(ctx.config.einvoicing.secretKey, connection.webhookSecretEncrypted);
        const now = ctx.clock.now();
        const deliveryKey = verifyWebhook(
          signingKey,
          request.body,
          {
            signature: singleHeader(request.headers[SIGNATURE_HEADER]),
            timestamp: singleHeader(request.headers[TIMESTAMP_HEADER]),
          },
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
        try {
          await ctx.platformJobs.schedulePlatformSync({ userId });
        } catch (error) {
          await forgetDelivery(ctx.db, userId, deliveryKey);
          throw error;
        }
        // The standard's callback answer: 200 (the platform retries otherwise).
        return reply.code(200).send({ recu: true });
      },
    );
  };
}

/** A header sent twice is not a signature. */
const singleHeader = (value: string | string[] | undefined) =>
  typeof value === 'string' ? value : undefined;
