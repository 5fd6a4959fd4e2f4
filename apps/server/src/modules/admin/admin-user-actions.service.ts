import {
  ADMIN_MESSAGES,
  type AdminGrantablePlan,
  type AdminUser,
  type QuotasRequest,
  TRIAL_DAYS,
} from '@facturo/shared';
import { eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { type UserRow, users } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { storedInvoiceCount } from '../invoices/issuer-counts.js';
import { updateUser } from '../users/users.repo.js';
import { recordAdminAction } from './admin-audit.repo.js';
import { lockTarget } from './admin-target.js';
import { presentAdminUser } from './admin-users.presenter.js';

const conflict = (message: string) => new AppError(409, 'conflict', message);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const planState = (u: UserRow) => ({
  plan: u.plan,
  accordeParAdmin: u.planGrantedByAdmin,
  trialEndsAt: iso(u.trialEndsAt),
});

/**
 * What an admin changes on one account (SPEC §4, §7). Each change locks the user, applies, and writes its
 * audit entry (who, what, before, after) in the same transaction: both commit or neither does.
 */
export class AdminUserActions {
  constructor(private readonly ctx: AppContext) {}

  /** SPEC §9: 7 or 15 more days, only while the trial runs (an ended one is no trial to extend). */
  async extendTrial(admin: UserRow, id: string, jours: number): Promise<AdminUser> {
    const now = this.ctx.clock.now();
    return this.act(id, async (tx, user) => {
      if (user.plan !== 'essai' || !user.trialEndsAt || user.trialEndsAt <= now)
        throw conflict(ADMIN_MESSAGES.notOnTrial);
      const trialEndsAt = new Date(user.trialEndsAt.getTime() + jours * DAY_MS);
      const updated = await updateUser(tx, user.id, { trialEndsAt });
      await recordAdminAction(tx, {
        admin,
        action: 'extend_trial',
        target: user,
        before: { trialEndsAt: iso(user.trialEndsAt) },
        after: { trialEndsAt: iso(trialEndsAt), jours },
      });
      return updated;
    });
  }

  /**
   * An admin's grant: premium or business without payment, never touching a provider's subscription
   * (the plan sweep leaves it alone, see plan-state.ts); essai starts a fresh 15-day trial.
   */
  async setPlan(admin: UserRow, id: string, plan: AdminGrantablePlan): Promise<AdminUser> {
    const now = this.ctx.clock.now();
    return this.act(id, async (tx, user) => {
      if (user.role !== 'professionnel')
        throw new AppError(409, 'professional_only', 'Les plans concernent les comptes professionnels.');
      if (user.plan === plan) throw conflict('Cet utilisateur a déjà ce plan.');
      const updated = await updateUser(
        tx,
        user.id,
        plan === 'essai'
          ? { plan, planGrantedByAdmin: false, trialEndsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS) }
          : { plan, planGrantedByAdmin: true },
      );
      if (!updated) throw conflict(ADMIN_MESSAGES.planFailed);
      await recordAdminAction(tx, {
        admin,
        action: 'plan',
        target: user,
        before: planState(user),
        after: planState(updated),
      });
      return updated;
    });
  }

  /** A ban revokes every session at once (the token version moves on); an admin cannot ban themselves. */
  async setBan(admin: UserRow, id: string, isBanned: boolean): Promise<AdminUser> {
    if (isBanned && id === admin.id) throw conflict(ADMIN_MESSAGES.cannotBanSelf);
    return this.act(id, async (tx, user) => {
      const updated = await updateUser(tx, user.id, {
        isBanned,
        ...(isBanned && !user.isBanned ? { tokenVersion: user.tokenVersion + 1 } : {}),
      });
      await recordAdminAction(tx, {
        admin,
        action: isBanned ? 'ban' : 'unban',
        target: user,
        before: { isBanned: user.isBanned },
        after: { isBanned },
      });
      return updated;
    });
  }

  /** The free plan's limits for this user; null returns to the default (FREE_PLAN_LIMITS). */
  async setQuotas(admin: UserRow, id: string, limits: QuotasRequest): Promise<AdminUser> {
    return this.act(id, async (tx, user) => {
      const updated = await updateUser(tx, user.id, limits);
      await recordAdminAction(tx, {
        admin,
        action: 'quotas',
        target: user,
        before: { limiteFactures: user.limiteFactures, limiteClients: user.limiteClients },
        after: { ...limits },
      });
      return updated;
    });
  }

  /** Usage counts from now on: the database's clock, the one that dates the invoices and clients. */
  async resetQuotas(admin: UserRow, id: string): Promise<AdminUser> {
    return this.act(id, async (tx, user) => {
      const [updated] = await tx
        .update(users)
        .set({ quotasResetAt: sql`now()` })
        .where(eq(users.id, user.id))
        .returning();
      await recordAdminAction(tx, {
        admin,
        action: 'reset_quotas',
        target: user,
        before: { quotasResetAt: iso(user.quotasResetAt) },
        after: { quotasResetAt: iso(updated?.quotasResetAt ?? null) },
      });
      return updated;
    });
  }

  /** Everyone's usage counts from now on (open accounts); one audit entry for the whole reset. */
  async resetAllQuotas(admin: UserRow): Promise<{ comptes: number }> {
    return this.ctx.db.transaction(async (tx) => {
      const reset = await tx
        .update(users)
        .set({ quotasResetAt: sql`now()` })
        .where(isNull(users.deletedAt))
        .returning({ id: users.id });
      await recordAdminAction(tx, { admin, action: 'reset_quotas_all', after: { comptes: reset.length } });
      return { comptes: reset.length };
    });
  }

  private async act(
    id: string,
    change: (tx: Tx, user: UserRow) => Promise<UserRow | undefined>,
  ): Promise<AdminUser> {
    return this.ctx.db.transaction(async (tx) => {
      const user = await lockTarget(tx, id);
      const updated = (await change(tx, user)) ?? user;
      return presentAdminUser(updated, await storedInvoiceCount(tx, updated.id));
    });
  }
}
