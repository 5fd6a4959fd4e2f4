import {
  type AdminSubscription,
  type AdminUser,
  type AdminUserDetails,
  estimatedTotalPaidCents,
  isPaidPlan,
  PLAN_CATALOGUE,
  type UsageHistory,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { userDataExport } from '../exports/user-data-export.js';
import type { PaymentProvider } from '../subscription/payment-provider.js';
import { findSubscription, firstPaymentOf } from '../subscription/subscription.repo.js';
import { SubscriptionService } from '../subscription/subscription.service.js';
import { auditOf, recordAdminAction } from './admin-audit.repo.js';
import { findTarget } from './admin-target.js';
import { userUsageHistory } from './admin-usage.repo.js';
import { presentAdminUser, presentAuditEntry } from './admin-users.presenter.js';
import { lastLogins, listUsers, type UserFilters, userCounts } from './admin-users.repo.js';

/** What an admin reads about users (SPEC §3, §7): the table, one user's details, subscription and usage. */
export class AdminUsersService {
  private readonly subscriptions: SubscriptionService;

  constructor(
    private readonly ctx: AppContext,
    provider: PaymentProvider,
  ) {
    this.subscriptions = new SubscriptionService(ctx, provider);
  }

  async list(filters: UserFilters): Promise<{ users: AdminUser[]; total: number }> {
    const { rows, total } = await listUsers(this.ctx.db, filters, this.ctx.clock.now());
    return { users: rows.map((r) => presentAdminUser(r.user, r.factureCount)), total };
  }

  async details(id: string): Promise<AdminUserDetails> {
    const user = await findTarget(this.ctx.db, id);
    const [counts, logins, audit] = await Promise.all([
      userCounts(this.ctx.db, user.id),
      lastLogins(this.ctx.db, user.id),
      auditOf(this.ctx.db, user.id),
    ]);
    return {
      user: {
        ...presentAdminUser(user, counts.factures),
        adresse: user.adresse,
        codePostal: user.codePostal,
        ville: user.ville,
        deletedAt: user.deletedAt?.toISOString() ?? null,
      },
      counts,
      dernieresConnexions: logins.map((l) => ({ date: l.createdAt.toISOString(), ip: l.ip })),
      audit: audit.map(presentAuditEntry),
    };
  }

  /**
   * The user's subscription as they see it (same limits and counts as /subscription/info), with the
   * admin's fields: payments, the SPEC §9 estimate of the total paid, and whether an admin granted the plan.
   */
  async subscription(id: string): Promise<AdminSubscription> {
    const user = await findTarget(this.ctx.db, id);
    const now = this.ctx.clock.now();
    const [info, subscription, firstPayment] = await Promise.all([
      this.subscriptions.info(user),
      findSubscription(this.ctx.db, user.id),
      firstPaymentOf(this.ctx.db, user.id),
    ]);
    const granted = user.planGrantedByAdmin && isPaidPlan(user.plan);
    const paid = !granted && isPaidPlan(user.plan) && subscription !== undefined;
    // A plan bought during the trial is paid from the trial's end (issue 17): until then nothing was paid.
    const firstPaymentAhead = paid && subscription.currentPeriodStart.getTime() > now.getTime();
    const billedPlan = paid && !firstPaymentAhead ? subscription.plan : null;
    return {
      ...info,
      joursRestants: info.daysLeft,
      dateFinEssai: user.trialEndsAt?.toISOString() ?? null,
      dernierPaiement: paid && !firstPaymentAhead ? subscription.currentPeriodStart.toISOString() : null,
      prochainPaiement: !paid
        ? null
        : firstPaymentAhead
          ? subscription.currentPeriodStart.toISOString()
          : subscription.status === 'actif' && !subscription.cancelAtPeriodEnd
            ? subscription.currentPeriodEnd.toISOString()
            : null,
      totalPayeEstimeCents: billedPlan
        ? estimatedTotalPaidCents(
            Math.round(PLAN_CATALOGUE[billedPlan].prix * 100),
            firstPayment ?? subscription?.currentPeriodStart ?? now,
            now,
          )
        : 0,
      provider: granted ? 'admin' : (subscription?.provider ?? null),
      accordeParAdmin: granted,
      quotas: {
        limiteFactures: user.limiteFactures,
        limiteClients: user.limiteClients,
        reinitialiseLe: user.quotasResetAt?.toISOString() ?? null,
      },
    };
  }

  async usageHistory(id: string, mois: number): Promise<UsageHistory> {
    const user = await findTarget(this.ctx.db, id);
    return userUsageHistory(this.ctx.db, user.id, mois, this.ctx.clock.now());
  }

  /** The same document as the user's own /export/user-data; the export itself is an audited action. */
  async export(admin: UserRow, id: string) {
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const user = await findTarget(tx, id);
      await recordAdminAction(tx, { admin, action: 'export', target: user });
      return { user, data: await userDataExport(tx, user, now) };
    });
  }
}
