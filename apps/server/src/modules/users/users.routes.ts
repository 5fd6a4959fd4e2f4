import {
  closurePreviewSchema,
  deleteAccountRequestSchema,
  eraseArchiveRequestSchema,
  franchiseStatusSchema,
  updateProfileBodySchema,
  userSchema,
} from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { AccountClosure } from '../account/account-closure.service.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';
import { franchiseStatus } from './franchise.service.js';
import { userView } from './user-view.js';
import { UsersService } from './users.service.js';

export function usersRoutes(ctx: AppContext, provider: PaymentProvider): FastifyPluginAsyncZod {
  const users = new UsersService(ctx);
  const closure = new AccountClosure(ctx, provider);
  return async (app) => {
    app.addHook('onRequest', authenticate(ctx));
    const present = (user: UserRow) => userView(ctx.db, user);
    app.get('/users/me', { schema: { response: { 200: userSchema } } }, async (request) =>
      present(currentUser(request)),
    );
    app.put(
      '/users/me',
      { schema: { body: updateProfileBodySchema, response: { 200: userSchema } } },
      async (request) => present(await users.updateProfile(currentUser(request), request.body)),
    );
    // Closing one's own account (GDPR art. 17): the password again; the session ends with it.
    app.delete('/users/me', { schema: { body: deleteAccountRequestSchema } }, async (request, reply) => {
      await closure.closeOwn(currentUser(request), request.body.password);
      return reply.code(204).send();
    });
    // What closing would keep, for the closure dialog to say it before it is done.
    app.get('/users/me/cloture', { schema: { response: { 200: closurePreviewSchema } } }, async (request) =>
      closure.preview(currentUser(request)),
    );
    // A closed account's read-only archive, erased now at its holder's request (closed-account.ts).
    app.delete(
      '/users/me/archive',
      { schema: { body: eraseArchiveRequestSchema } },
      async (request, reply) => {
        await closure.eraseOwnArchive(currentUser(request), request.body.password);
        return reply.code(204).send();
      },
    );
    app.get(
      '/users/me/franchise',
      { schema: { response: { 200: franchiseStatusSchema } } },
      async (request) => franchiseStatus(ctx, currentUser(request)),
    );
  };
}
