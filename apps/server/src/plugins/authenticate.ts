import { CLOSED_ACCOUNT_MESSAGES, MESSAGES } from '@facturo/shared';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { type UserRow, users } from '../db/schema.js';
import type { Db } from '../db/types.js';
import { AppError, unauthorized } from '../lib/errors.js';
import { parisDate } from '../lib/paris-date.js';
import { archiveOpen } from '../modules/account/closed-account.repo.js';
import { refreshPlan } from '../modules/subscription/plan-state.js';
import { findSessionUser } from '../modules/users/users.repo.js';
import { readOnlyArchiveAllows } from './read-only-archive.js';

declare module 'fastify' {
  interface FastifyRequest {
    currentUser: UserRow | null;
  }
}

/**
 * Resolves the bearer token to a live user: a bad signature, an expired token, an older
 * token version (password changed, closure) or a closed account answer 401, except a closed account's
 * read-only archive, whose session reaches only what read-only-archive.ts lists (else 403). A ban answers 403
 * `account_banned` even to a token the ban revoked, so that a page left open tells its user « Ce compte
 * a été suspendu » rather than « Session expirée » (only a token we signed for that user learns it).
 */
export function authenticate(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw unauthorized(MESSAGES.unauthorized);
    const claims = await ctx.sessions.verify(match[1], ctx.clock.now());
    if (!claims) throw unauthorized(MESSAGES.unauthorized);
    const session = await findSessionUser(ctx.db, claims.userId);
    if (!session) throw unauthorized(MESSAGES.unauthorized);
    const { user } = session;
    const now = ctx.clock.now();
    // The closure bumps the token version too: only a token signed after it, by signing in to the
    // read-only archive, gets past the version check below.
    if (user.deletedAt && !archiveOpen(user, parisDate(now))) throw unauthorized(MESSAGES.unauthorized);
    if (user.isBanned) throw new AppError(403, 'account_banned', MESSAGES.banned);
    if (user.tokenVersion !== claims.tokenVersion) throw unauthorized(MESSAGES.unauthorized);
    if (user.deletedAt && !readOnlyArchiveAllows(request.method, request.routeOptions.url)) {
      throw new AppError(403, 'account_closed_read_only', CLOSED_ACCOUNT_MESSAGES.readOnly);
    }
    const seen = await markSeen(ctx.db, user, now);
    request.currentUser = await refreshPlan(ctx.db, seen, now, { subscription: session.subscription });
  };
}

/** « Active users » need minutes, not milliseconds: at most one write per user and minute. */
const SEEN_PRECISION_MS = 60_000;

/**
 * Writes lastSeenAt when the stored one is a minute old or more. The condition is in the UPDATE too,
 * so simultaneous requests (or replicas) write it once; updatedAt is left alone (it means « profile
 * changed », which the admin's « inactif » filter reads).
 */
async function markSeen(db: Db, user: UserRow, now: Date): Promise<UserRow> {
  if (user.lastSeenAt && now.getTime() - user.lastSeenAt.getTime() < SEEN_PRECISION_MS) return user;
  const staleBefore = new Date(now.getTime() - SEEN_PRECISION_MS);
  await db
    .update(users)
    .set({ lastSeenAt: now })
    .where(and(eq(users.id, user.id), or(isNull(users.lastSeenAt), lt(users.lastSeenAt, staleBefore))));
  return { ...user, lastSeenAt: now };
}

/** For handlers behind `authenticate`: the user is there, or the hook already answered 401. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.currentUser) throw unauthorized(MESSAGES.unauthorized);
  return request.currentUser;
}
