import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';

/** Placeholder of the contract commit: filled by its lane (see the admin module's routes). */
export function adminAccountRoutes(ctx: AppContext, _provider: PaymentProvider): FastifyPluginAsyncZod {
  void ctx;
  return async () => {};
}
