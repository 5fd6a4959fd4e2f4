import { MESSAGES } from '@facturo/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { refreshPlan } from '../modules/subscription/plan-state.js';
import { findUserById } from '../modules/users/users.repo.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

/**
 * Resolves the bearer token to a live user: a bad signature, an expired token, an older
 * token version (password changed), a ban or a deleted account all answer 401.
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized(MESSAGES.unauthorized);
    const claims = await ctx.sessions.verify(match[1], ctx.clock.now());
    if (!claims) throw unauthorized(MESSAGES.unauthorized);
    const user = await findUserById(ctx.db, claims.userId);
    if (!user || user.tokenVersion !== claims.tokenVersion) throw unauthorized(MESSAGES.unauthorized);
    if (user.isBanned) throw new AppError(401, 'account_banned', MESSAGES.banned);
    request.currentUser = await refreshPlan(ctx.db, user, ctx.clock.now());
  };
}

/** For handlers behind `authenticate`: the user is there, or the hook already answered 401. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized(MESSAGES.unauthorized);
  return request.currentUser;
}
