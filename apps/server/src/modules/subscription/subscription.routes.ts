import {
  checkoutRequestSchema,
  checkoutSessionSchema,
  checkoutSessionStatusSchema,
  plansCatalogueSchema,
  subscriptionInfoSchema,
  upgradeRequestSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import type { PaymentProvider } from './payment-provider.js';
import { SubscriptionService } from './subscription.service.js';

const sessionParams = z.object({ id: z.string().max(200) });

export function subscriptionRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  const subscription = new SubscriptionService(ctx, provider);
  return async (app) => {
    app.get('/subscription/plans', { schema: { response: { 200: plansCatalogueSchema } } }, async () =>
      subscription.plans(),
    );
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
