import {
  centsToEuros,
  INVITATION_MESSAGES,
  type Invitation,
  type InvitationAcceptResponse,
  type invitationAcceptRequestSchema,
  MESSAGES,
  PASSWORD_POLICY_MESSAGE,
  passwordProblems,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { loginEvents, type UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { hashPassword } from '../../lib/password-hash.js';
import { hashToken } from '../../lib/secure-token.js';
import { consumeEmailToken, findEmailToken, invalidateUserTokens } from '../auth/email-tokens.repo.js';
import { userView } from '../users/user-view.js';
import { findUserById, setPassword, updateUser } from '../users/users.repo.js';
import { latestReceivedDocument } from './invitation-document.repo.js';

type AcceptInput = z.output<typeof invitationAcceptRequestSchema>;

const unknownInvitation = () => new AppError(404, 'invitation_not_found', INVITATION_MESSAGES.unknown);
const expiredInvitation = () => new AppError(410, 'invitation_expired', INVITATION_MESSAGES.expired);
const usedInvitation = () => new AppError(409, 'invitation_used', INVITATION_MESSAGES.used);

/**
 * The invitation of a particulier who received a document on the platform (platform-recipient.ts): its
 * link is the set-password token of an account without a password, so links sent before this page
 * existed (to /reset-password-confirm) and the ones sent to /invitation are the same tokens, each valid
 * until used or expired (issue 11).
 */
export class InvitationsService {
  constructor(private readonly ctx: AppContext) {}

  /** Who sent which document, and to which address: only to the holder of a live token. */
  async read(token: string): Promise<Invitation> {
    const { user } = await this.invited(this.ctx.db, token);
    const document = await latestReceivedDocument(this.ctx.db, user.id);
    return {
      email: user.email,
      emetteur: document?.issuerName ?? '',
      document: document && {
        kind: document.kind,
        libelle: document.libelle,
        numero: document.numero,
        montantTTC: centsToEuros(document.totalTtcCents),
      },
    };
  }

  /**
   * Names and password chosen, the link used up with every other one of the account, the address
   * confirmed by the link, and the user signed in: one transaction.
   */
  async accept(input: AcceptInput, ip: string): Promise<InvitationAcceptResponse> {
    const problems = passwordProblems(input.password);
    if (problems.length > 0) throw badRequest(PASSWORD_POLICY_MESSAGE, { errors: problems });
    const passwordHash = await hashPassword(input.password);
    const now = this.ctx.clock.now();
    const user = await this.ctx.db.transaction(async (tx) => {
      const { user: invited, tokenId } = await this.invited(tx, input.token);
      if (!(await consumeEmailToken(tx, tokenId, now))) throw usedInvitation();
      await setPassword(tx, invited.id, passwordHash, now);
      await invalidateUserTokens(tx, invited.id, 'reset_password', now);
      await tx.insert(loginEvents).values({ userId: invited.id, ip, createdAt: now });
      const updated = await updateUser(tx, invited.id, {
        prenom: input.prenom,
        nom: input.nom,
        lastLoginAt: now,
      });
      if (!updated) throw unknownInvitation();
      return updated;
    });
    const document = await latestReceivedDocument(this.ctx.db, user.id);
    const session = await this.ctx.sessions.sign({ userId: user.id, tokenVersion: user.tokenVersion }, now);
    return {
      user: await userView(this.ctx.db, user),
      token: session,
      document: document && { kind: document.kind, id: document.id },
    };
  }

  /** The invited account behind a token, or the French reason why there is none. */
  private async invited(db: DbOrTx, token: string): Promise<{ user: UserRow; tokenId: string }> {
    const row = await findEmailToken(db, 'reset_password', hashToken(token));
    if (!row) throw unknownInvitation();
    const user = await findUserById(db, row.userId);
    if (!user || user.deletedAt) throw unknownInvitation();
    // A password already chosen (through this link, another one, or a reset): the account is there.
    if (user.passwordHash) throw usedInvitation();
    // Used without a password chosen: a newer link (a reset request) replaced it.
    if (row.usedAt || row.expiresAt <= this.ctx.clock.now()) throw expiredInvitation();
    if (user.isBanned) throw new AppError(403, 'account_banned', MESSAGES.banned);
    return { user, tokenId: row.id };
  }
}
