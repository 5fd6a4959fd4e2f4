import { ADMIN_MESSAGES } from '@facturo/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../lib/errors.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';

/** A live session (401 otherwise) of an account flagged admin (403 otherwise). */
export function requireAdmin(ctx: AppContext) {
  const signedIn = authenticate(ctx);
  return async (request: FastifyRequest): Promise<void> => {
    await signedIn(request);
    if (!currentUser(request).isAdmin) throw forbidden(ADMIN_MESSAGES.forbidden);
  };
}
