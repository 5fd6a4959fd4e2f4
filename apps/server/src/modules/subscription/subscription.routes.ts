import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  checkoutSessionStatusSchema,
  plansCatalogueSchema,
  singleLine,
  subscriptionInfoSchema,
  upgradeRequestSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import type { PaymentProvider } from './payment-provider.js';
import type { StripePaymentProvider } from './stripe-provider.js';
import { applyStripeEvent } from './stripe-webhook.js';
import { SubscriptionService } from './subscription.service.js';

const sessionParams = z.object({ id: singleLine().max(200) });

function isStripe(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.mode === 'stripe' && 'verifyWebhook' in provider;
}

export function subscriptionRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  const subscription = new SubscriptionService(ctx, provider);
  return async (app) => {
    app.get('/subscription/plans', { schema: { response: { 200: plansCatalogueSchema } } }, async () =>
      subscription.plans(),
    );
    if (isStripe(provider)) {
      await app.register(async (webhook) => {
        // The signature is computed over the exact bytes Stripe sent: keep them unparsed here.
        webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
          done(null, body),
        );
        webhook.post('/subscription/webhook', async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          let event: unknown;
          try {
            if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw new Error('unsigned');
            event = provider.verifyWebhook(request.body, signature);
          } catch {
            throw badRequest('Signature du webhook invalide.');
          }
          const applied = await applyStripeEvent(ctx.db, event, ctx.clock.now()).catch((error: unknown) => {
            // Signed, yet not the event it claims to be: the sender's mistake, not ours.
            if (error instanceof z.ZodError) throw badRequest('Événement Stripe illisible.');
            throw error;
          });
          return reply.send({ received: true, duplicate: !applied });
        });
      });
    }
    await app.register(async (scope) => {
      const signedIn = scope.withTypeProvider<ZodTypeProvider>();
      signedIn.addHook('onRequest', authenticate(ctx));
      signedIn.get(
        '/subscription/info',
        { schema: { response: { 200: subscriptionInfoSchema } } },
        async (request) => subscription.info(currentUser(request)),
      );
      signedIn.post(
        '/subscription/create-checkout-session',
        { schema: { body: checkoutRequestSchema, response: { 200: checkoutSessionSchema } } },
        async (request) => subscription.createCheckout(currentUser(request), request.body.planName),
      );
      signedIn.get(
        '/subscription/checkout-session/:id',
        { schema: { params: sessionParams, response: { 200: checkoutSessionStatusSchema } } },
        async (request) => subscription.checkoutStatus(currentUser(request), request.params.id),
      );
      signedIn.post(
        '/subscription/test-checkout/:id/confirm',
        { schema: { params: sessionParams, response: { 200: checkoutSessionStatusSchema } } },
        async (request) =>
          subscription.completeTestCheckout(currentUser(request), request.params.id, 'completed'),
      );
      signedIn.post(
        '/subscription/test-checkout/:id/cancel',
        { schema: { params: sessionParams, response: { 200: checkoutSessionStatusSchema } } },
        async (request) =>
          subscription.completeTestCheckout(currentUser(request), request.params.id, 'cancelled'),
      );
      signedIn.post(
        '/subscription/cancel',
        { schema: { response: { 200: subscriptionInfoSchema } } },
        async (request) => subscription.cancel(currentUser(request)),
      );
      signedIn.post(
        '/subscription/reactivate',
        { schema: { response: { 200: subscriptionInfoSchema } } },
        async (request) => subscription.reactivate(currentUser(request)),
      );
      signedIn.put(
        '/subscription/upgrade',
        { schema: { body: upgradeRequestSchema, response: { 200: subscriptionInfoSchema } } },
        async (request) => subscription.changePlan(currentUser(request), request.body.plan),
      );
      signedIn.post(
        '/subscription/billing-portal',
        { schema: { response: { 200: z.object({ url: z.string() }) } } },
        async (request) => subscription.billingPortal(currentUser(request)),
      );
    });
  };
}
