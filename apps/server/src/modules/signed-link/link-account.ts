import {
  INVOICE_LINK_MESSAGES,
  type invoiceLinkAccountRequestSchema,
  type LoginResponse,
  PASSWORD_POLICY_MESSAGE,
  passwordProblems,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { loginEvents } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password-hash.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { userView } from '../users/user-view.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import { type LinkedDocument, receiveWaitingDocuments } from './waiting-documents.repo.js';

export type LinkAccountInput = z.output<typeof invoiceLinkAccountRequestSchema>;

/**
 * The particulier account a signed link offers (an invoice's or a quote's), for the link's address: created
 * only with the terms and the privacy notice accepted (and when that is recorded); the address is proven
 * by the link. It receives at once the linked document and every invoice and quote sent to that address
 * that nobody received, and is signed in. `accountExists` is the document's sentence for an address
 * that already has an account.
 */
export async function createLinkAccount(
  ctx: AppContext,
  link: { email: string; document: LinkedDocument },
  input: LinkAccountInput,
  ip: string,
  accountExists: string,
): Promise<LoginResponse> {
  const exists = () => new AppError(409, 'email_already_used', accountExists);
  await ctx.rateLimiter.hit([{ rule: RATE_LIMITS.registerByIp, key: ip }]);
  if (!input.accepteConditions) throw badRequest(INVOICE_LINK_MESSAGES.consentRequired);
  const problems = passwordProblems(input.password);
  if (problems.length > 0) throw badRequest(PASSWORD_POLICY_MESSAGE, { errors: problems });
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const user = await ctx.db.transaction(async (tx) => {
    if (await findUserByEmail(tx, link.email)) throw exists();
    const created = await insertUser(tx, {
      email: link.email,
      passwordHash,
      prenom: input.prenom,
      nom: input.nom,
      role: 'particulier',
      plan: 'gratuit',
      isAdmin: ctx.config.adminEmails.includes(link.email),
      emailVerifiedAt: now,
      termsAcceptedAt: now,
      lastLoginAt: now,
    });
    // Another tab or request created it a moment ago.
    if (!created) throw exists();
    await tx.insert(loginEvents).values({ userId: created.id, ip, createdAt: now });
    await receiveWaitingDocuments(tx, created.id, link.email, link.document);
    return created;
  });
  const session = await ctx.sessions.sign({ userId: user.id, tokenVersion: user.tokenVersion }, now);
  return { user: await userView(ctx.db, user), token: session };
}
