/* No zod here: the landing page shows the plans on the public site's first load (@facturo/shared/plan-catalogue). */
import type { Plan } from './roles.js';

export { PLANS, type Plan } from './roles.js';

/** DESIGN §6: a 15-day unlimited trial, then the free plan with monthly limits; nothing is ever deleted. */
export const TRIAL_DAYS = 15;
export const FREE_PLAN_LIMITS = { facturesParMois: 5, clients: 10 } as const;
export const PAID_PLANS = ['premium', 'business'] as const;
export type PaidPlan = (typeof PAID_PLANS)[number];

export function isPaidPlan(plan: Plan): plan is PaidPlan {
  return (PAID_PLANS as readonly string[]).includes(plan);
}

/** One plan as the app and the API describe it (SPEC §3 plans catalogue); `planSchema` checks the API's copy. */
export interface PlanDescription {
  nom: string;
  prix: number;
  periode: string;
  features: string[];
}

/** The catalogue the app and the landing page show (SPEC §3, §9). Prices are for display: payment is the provider's. */
export const PLAN_CATALOGUE: Record<Plan, PlanDescription> = {
  essai: {
    nom: 'Essai gratuit',
    prix: 0,
    periode: '15 jours',
    features: [
      'Factures et clients illimités',
      'Factures Factur-X',
      'Envoi par email et sur la plateforme',
      'Sans carte bancaire',
    ],
  },
  gratuit: {
    nom: 'Gratuit',
    prix: 0,
    periode: 'mois',
    features: [
      `${FREE_PLAN_LIMITS.facturesParMois} factures par mois`,
      `${FREE_PLAN_LIMITS.clients} clients`,
      'Factures Factur-X',
      'Export de vos données',
    ],
  },
  premium: {
    nom: 'Premium',
    prix: 9.99,
    periode: 'mois',
    features: [
      'Factures illimitées',
      'Clients illimités',
      'Envoi par email',
      'Mentions légales personnalisées',
    ],
  },
  business: {
    nom: 'Business',
    prix: 19.99,
    periode: 'mois',
    features: [
      'Tout Premium',
      // Only what is true today: the contact form is answered first for Business; no accounting export yet.
      'Réponse prioritaire du support',
      'Export de toutes vos données',
      'Pensé pour les activités soutenues',
    ],
  },
};

/** The plan the pricing cards put forward, and the badges of the paid plans (landing and Abonnement page). */
export const RECOMMENDED_PLAN = 'premium' satisfies PaidPlan;
export const PAID_PLAN_BADGES: Record<PaidPlan, string> = {
  premium: 'Recommandé',
  business: 'Professionnel',
};
