import { z } from 'zod';
import { FREE_PLAN_LIMITS, PAID_PLANS, type PlanDescription } from './plan-catalogue.js';
import { PLANS, type Plan } from './roles.js';

// The catalogue lives in a zod-free module for the public site; re-exported so every other import stays as it was.
export {
  FREE_PLAN_LIMITS,
  isPaidPlan,
  PAID_PLAN_BADGES,
  PAID_PLANS,
  type PaidPlan,
  PLAN_CATALOGUE,
  type PlanDescription,
  RECOMMENDED_PLAN,
  TRIAL_DAYS,
} from './plan-catalogue.js';
/** A paid period lasts a month; the test-mode checkout grants 30 days. */
export const PAID_PERIOD_DAYS = 30;

/** An admin's per-user limits of the free plan (issue 13); null keeps the default of FREE_PLAN_LIMITS. */
export interface PerUserLimits {
  limiteFactures: number | null;
  limiteClients: number | null;
}

/** Limits of a plan, with the user's own limits on the free plan when an admin set them; null means unlimited. */
export function planLimits(
  plan: Plan,
  perUser?: PerUserLimits,
): { facturesParMois: number | null; clients: number | null } {
  if (plan !== 'gratuit') return { facturesParMois: null, clients: null };
  return {
    facturesParMois: perUser?.limiteFactures ?? FREE_PLAN_LIMITS.facturesParMois,
    clients: perUser?.limiteClients ?? FREE_PLAN_LIMITS.clients,
  };
}

export const planSchema = z.object({
  nom: z.string(),
  prix: z.number(),
  periode: z.string(),
  features: z.array(z.string()),
}) satisfies z.ZodType<PlanDescription>;

export const plansCatalogueSchema = z.record(z.enum(PLANS), planSchema);

export const SUBSCRIPTION_STATUSES = ['actif', 'annule', 'expire', 'impaye'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const subscriptionInfoSchema = z.object({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** Days left in the trial or the paid period; null on the free plan. */
  daysLeft: z.number().nullable(),
  trialEndsAt: z.string().nullable(),
  dateDebut: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  /**
   * Issue 17: the first payment's date while it is still to come — a plan bought during the trial starts
   * being paid when the trial ends (the trial goes on until then); null otherwise.
   */
  premierPaiement: z.string().nullable(),
  facturesMensuel: z.object({ utilise: z.number(), limite: z.number().nullable() }),
  clients: z.object({ restant: z.number().nullable(), utilise: z.number(), limite: z.number().nullable() }),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;

export const checkoutRequestSchema = z.object({
  planName: z.enum(PAID_PLANS, { error: 'Plan inconnu : choisissez Premium ou Business.' }),
});
export const checkoutSessionSchema = z.object({ url: z.string(), sessionId: z.string() });
export const checkoutSessionStatusSchema = z.object({
  sessionId: z.string(),
  plan: z.enum(PAID_PLANS),
  status: z.enum(['pending', 'completed', 'cancelled']),
  testMode: z.boolean(),
});
export type CheckoutSessionStatus = z.infer<typeof checkoutSessionStatusSchema>;
export const upgradeRequestSchema = z.object({
  plan: z.enum(PAID_PLANS, { error: 'Plan inconnu : choisissez Premium ou Business.' }),
});
