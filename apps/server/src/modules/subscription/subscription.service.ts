import {
  type CheckoutSessionStatus,
  isPaidPlan,
  PAID_PERIOD_DAYS,
  type PaidPlan,
  PLAN_CATALOGUE,
  type SubscriptionInfo,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { assertProfessionalSubscriber } from '../users/professional-guard.js';
import { updateUser } from '../users/users.repo.js';
import type { PaymentProvider } from './payment-provider.js';
import { clientCount, invoicesIssuedThisMonth, limitsOf } from './quotas.js';
import {
  closeCheckoutSession,
  findCheckoutSession,
  findSubscription,
  insertCheckoutSession,
  saveSubscription,
  updateSubscription,
} from './subscription.repo.js';
import { paidPeriodStart } from './trial.js';

const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS));
const checkoutNotFound = () => notFound('Session de paiement introuvable.');

/** Gives the user a paid plan for a period: the one place a plan becomes paid. */
export async function activatePaidPlan(
  db: DbOrTx,
  userId: string,
  plan: PaidPlan,
  details: {
    provider: 'test' | 'stripe';
    start: Date;
    end: Date;
    customerId?: string | null;
    subscriptionId?: string | null;
  },
): Promise<void> {
  await saveSubscription(db, userId, {
    plan,
    status: 'actif',
    provider: details.provider,
    customerId: details.customerId ?? null,
    subscriptionId: details.subscriptionId ?? null,
    currentPeriodStart: details.start,
    currentPeriodEnd: details.end,
    cancelAtPeriodEnd: false,
  });
  // A paid plan replaces an admin's grant: from now on the provider's word decides.
  await updateUser(db, userId, { plan, planGrantedByAdmin: false });
}

export class SubscriptionService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {}

  plans() {
    return PLAN_CATALOGUE;
  }

  async info(user: UserRow): Promise<SubscriptionInfo> {
    const now = this.ctx.clock.now();
    const [subscription, invoicesUsed, clientsUsed] = await Promise.all([
      findSubscription(this.ctx.db, user.id),
      invoicesIssuedThisMonth(this.ctx.db, user, now),
      clientCount(this.ctx.db, user),
    ]);
    const limits = limitsOf(user);
    const paid = isPaidPlan(user.plan) && subscription !== undefined;
    const trial = user.plan === 'essai' && user.trialEndsAt !== null;
    return {
      plan: user.plan,
      status: paid ? subscription.status : 'actif',
      daysLeft:
        trial && user.trialEndsAt
          ? daysUntil(user.trialEndsAt, now)
          : paid
            ? daysUntil(subscription.currentPeriodEnd, now)
            : null,
      trialEndsAt: user.trialEndsAt?.toISOString() ?? null,
      dateDebut: paid ? subscription.currentPeriodStart.toISOString() : user.createdAt.toISOString(),
      currentPeriodEnd: paid ? subscription.currentPeriodEnd.toISOString() : null,
      cancelAtPeriodEnd: paid ? subscription.cancelAtPeriodEnd : false,
      premierPaiement:
        paid && subscription.currentPeriodStart > now ? subscription.currentPeriodStart.toISOString() : null,
      facturesMensuel: { utilise: invoicesUsed, limite: limits.facturesParMois },
      clients: {
        restant: limits.clients === null ? null : Math.max(0, limits.clients - clientsUsed),
        utilise: clientsUsed,
        limite: limits.clients,
      },
    };
  }

  async createCheckout(user: UserRow, plan: PaidPlan): Promise<{ url: string; sessionId: string }> {
    assertProfessionalSubscriber(user);
    const subscription = await findSubscription(this.ctx.db, user.id);
    if (user.plan === plan && subscription?.status === 'actif' && !subscription.cancelAtPeriodEnd) {
      throw new AppError(409, 'conflict', `Vous avez déjà le plan ${PLAN_CATALOGUE[plan].nom}.`);
    }
    const checkout = await this.provider.createCheckout(user, plan, this.ctx.clock.now());
    await insertCheckoutSession(this.ctx.db, {
      id: checkout.sessionId,
      userId: user.id,
      plan,
      provider: this.provider.mode,
    });
    return checkout;
  }

  async checkoutStatus(user: UserRow, sessionId: string): Promise<CheckoutSessionStatus> {
    const session = await findCheckoutSession(this.ctx.db, sessionId);
    if (!session || session.userId !== user.id) throw checkoutNotFound();
    return {
      sessionId: session.id,
      plan: session.plan,
      status: session.status,
      testMode: session.provider === 'test',
    };
  }

  /** The test-mode page's "Confirmer": stands in for the provider's confirmation (no real payment). */
  async completeTestCheckout(user: UserRow, sessionId: string, outcome: 'completed' | 'cancelled') {
    if (this.provider.mode !== 'test') throw checkoutNotFound();
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      const session = await findCheckoutSession(tx, sessionId);
      if (!session || session.userId !== user.id || session.provider !== 'test') throw checkoutNotFound();
      if (session.status !== 'pending')
        throw new AppError(409, 'conflict', 'Cette session de paiement est déjà terminée.');
      await closeCheckoutSession(tx, sessionId, outcome, now);
      if (outcome === 'completed') {
        // Bought during the trial: the trial's days are kept, the paid period starts when it ends.
        const start = paidPeriodStart(user, now);
        await activatePaidPlan(tx, user.id, session.plan, {
          provider: 'test',
          start,
          end: new Date(start.getTime() + PAID_PERIOD_DAYS * DAY_MS),
        });
      }
    });
    return this.checkoutStatus(user, sessionId);
  }

  /** Access stays until the end of the paid period; then the account moves to the free plan. */
  async cancel(user: UserRow): Promise<SubscriptionInfo> {
    const subscription = await this.activeSubscription(user);
    if (subscription.cancelAtPeriodEnd)
      throw new AppError(409, 'conflict', 'Votre abonnement est déjà annulé.');
    await this.provider.setCancelAtPeriodEnd(subscription, true);
    const updated = await this.ctx.db.transaction(async (tx) => {
      await updateSubscription(tx, user.id, { cancelAtPeriodEnd: true, status: 'annule' });
      // A cancellation replaces an admin's grant: the paid period ends as the provider says.
      if (!user.planGrantedByAdmin) return user;
      return (await updateUser(tx, user.id, { plan: subscription.plan, planGrantedByAdmin: false })) ?? user;
    });
    return this.info(updated);
  }

  async reactivate(user: UserRow): Promise<SubscriptionInfo> {
    const subscription = await this.activeSubscription(user);
    if (!subscription.cancelAtPeriodEnd)
      throw new AppError(409, 'conflict', "Votre abonnement n'est pas annulé.");
    await this.provider.setCancelAtPeriodEnd(subscription, false);
    await updateSubscription(this.ctx.db, user.id, { cancelAtPeriodEnd: false, status: 'actif' });
    return this.info(user);
  }

  /** Between paid plans; reaching a paid plan from the trial or the free plan goes through checkout. */
  async changePlan(user: UserRow, plan: PaidPlan): Promise<SubscriptionInfo> {
    const subscription = await this.activeSubscription(user);
    if (subscription.plan !== plan) {
      await this.provider.changePlan(subscription, plan);
      await this.ctx.db.transaction(async (tx) => {
        await updateSubscription(tx, user.id, { plan });
        await updateUser(tx, user.id, { plan });
      });
    }
    return this.info({ ...user, plan });
  }

  async billingPortal(user: UserRow): Promise<{ url: string }> {
    assertProfessionalSubscriber(user);
    return { url: await this.provider.billingPortalUrl(user, await findSubscription(this.ctx.db, user.id)) };
  }

  private async activeSubscription(user: UserRow) {
    const subscription = await findSubscription(this.ctx.db, user.id);
    if (!subscription || !isPaidPlan(user.plan) || subscription.currentPeriodEnd <= this.ctx.clock.now()) {
      throw badRequest("Vous n'avez pas d'abonnement payant en cours. Choisissez un plan pour vous abonner.");
    }
    return subscription;
  }
}
