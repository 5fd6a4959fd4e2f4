import { ADMIN_MESSAGES, CLOSED_ACCOUNT_MESSAGES, type ClosurePreview, MESSAGES } from '@facturo/shared';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { invoices, type SubscriptionRow, type UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { verifyPassword } from '../../lib/password-hash.js';
import { recordAdminAction } from '../admin/admin-audit.repo.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';
import { lockUser } from '../users/users.repo.js';
import { endSubscription, eraseArchive, eraseOwnedData, tombstoneUser } from './account-closure.repo.js';
import { eraseArchiveBooks, eraseJournal } from './archive-erasure.repo.js';
import { retentionEndFor } from './books-retention.repo.js';

/**
 * Closing an account (GDPR art. 17, by its owner or an admin). French law keeps issued invoices for
 * 10 years (Code de commerce L123-22) and their recipients keep their copies, so the account is never
 * deleted: in one transaction its sessions are revoked, its personal data erased, its address freed and
 * its subscription ended, while its invoices (with their snapshots of issuer and client) stay readable
 * by their recipients and in exports. A Stripe subscription is cancelled at Stripe after the commit.
 */
export class AccountClosure {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {}

  /** GET /users/me/cloture: until when closing now would keep the read-only archive (null: nothing kept). */
  async preview(user: UserRow): Promise<ClosurePreview> {
    const retentionUntil = await retentionEndFor(this.ctx.db, user.id);
    return { conservationJusquAu: retentionUntil && user.passwordHash ? retentionUntil : null };
  }

  /** DELETE /users/me: the password again, so a session left open is not enough to close the account. */
  async closeOwn(user: UserRow, password: string): Promise<void> {
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      // 400, not 401: the session is valid, and the web signs out on any 401.
      throw new AppError(400, 'wrong_password', MESSAGES.wrongPassword);
    }
    const ended = await this.ctx.db.transaction((tx) => this.close(tx, user.id));
    await this.cancelAtProvider(user.id, ended);
  }

  /**
   * DELETE /users/me/archive, from the closed account's read-only session: « Supprimer définitivement »,
   * once its holder says the archive is downloaded and gives the password again: what is theirs alone is
   * erased with the sign-in, in one transaction; what a recipient account holds stays (archive-erasure.repo.ts).
   */
  async eraseOwnArchive(user: UserRow, password: string): Promise<void> {
    if (!user.deletedAt) throw new AppError(409, 'conflict', CLOSED_ACCOUNT_MESSAGES.notClosed);
    if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
      throw new AppError(400, 'wrong_password', MESSAGES.wrongPassword);
    }
    await this.ctx.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      await eraseArchiveBooks(tx, user.id);
      // The sign-in first: the journal's triggers let it go only once the account is erased.
      await eraseArchive(tx, user.id);
      await eraseJournal(tx, user.id);
    });
  }

  /** DELETE /admin/users/{id}: audited in the same transaction; never the admin's own account. */
  async closeByAdmin(admin: UserRow, targetId: string): Promise<void> {
    if (targetId === admin.id) throw new AppError(409, 'conflict', ADMIN_MESSAGES.cannotDeleteSelf);
    if (!isUuid(targetId)) throw notFound(ADMIN_MESSAGES.userNotFound);
    const ended = await this.ctx.db.transaction(async (tx) => {
      const target = await lockUser(tx, targetId);
      if (!target || target.deletedAt) throw notFound(ADMIN_MESSAGES.userNotFound);
      const [issued] = await tx.select({ n: count() }).from(invoices).where(eq(invoices.issuerId, target.id));
      const subscription = await this.close(tx, target.id);
      await recordAdminAction(tx, {
        admin,
        action: 'delete',
        target,
        before: { role: target.role, plan: target.plan, isBanned: target.isBanned },
        after: { deletedAt: this.ctx.clock.now().toISOString(), facturesConservees: Number(issued?.n ?? 0) },
      });
      return subscription;
    });
    await this.cancelAtProvider(targetId, ended);
  }

  /** The closure itself, inside the caller's transaction; returns the subscription it ended, if any. */
  private async close(tx: Tx, userId: string): Promise<SubscriptionRow | null> {
    const user = await lockUser(tx, userId);
    if (!user || user.deletedAt) throw notFound(ADMIN_MESSAGES.userNotFound);
    const now = this.ctx.clock.now();
    // Books to keep (L123-22), whichever holds the latest date: the account stays readable, read-only, until then.
    const retentionUntil = await retentionEndFor(tx, user.id);
    const archive = retentionUntil && user.passwordHash ? { email: user.email, retentionUntil } : null;
    await eraseOwnedData(tx, user.id);
    const ended = await endSubscription(tx, user.id, now);
    await tombstoneUser(tx, user, now, archive);
    return ended;
  }

  /**
   * Best effort, after the commit: the account is closed whatever Stripe answers, and a failure is
   * logged with what an operator needs to cancel it by hand (no personal data).
   */
  private async cancelAtProvider(userId: string, ended: SubscriptionRow | null): Promise<void> {
    if (ended?.provider !== 'stripe' || !ended.subscriptionId) return;
    try {
      await this.provider.cancelNow(ended);
      this.ctx.log.info(
        { userId, subscriptionId: ended.subscriptionId },
        'Abonnement Stripe résilié (compte fermé)',
      );
    } catch (error) {
      this.ctx.log.error(
        { err: error, userId, subscriptionId: ended.subscriptionId },
        'Résiliation Stripe impossible après la fermeture du compte : à résilier à la main',
      );
    }
  }
}
