import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../plugins/authenticate.js';
import { AccountClosure } from '../account/account-closure.service.js';
import { idParamsSchema } from '../clients/clients.routes.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';

/** DELETE /admin/users/{id}: closes the account (see AccountClosure); the admin guard is admin.routes'. */
export function adminAccountRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  const closure = new AccountClosure(ctx, provider);
  return async (app) => {
    app.delete('/users/:id', { schema: { params: idParamsSchema } }, async (request, reply) => {
      await closure.closeByAdmin(currentUser(request), request.params.id);
      return reply.code(204).send();
    });
  };
}
