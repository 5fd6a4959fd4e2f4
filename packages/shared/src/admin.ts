import { z } from 'zod';
import { userSchema } from './auth.js';
import { PAID_PERIOD_DAYS, subscriptionInfoSchema } from './plans.js';
import { PLANS, ROLES } from './roles.js';
import { singleLine } from './text.js';

/** SPEC §9: a trial is extended by one of these numbers of days, only while it runs. */
export const TRIAL_EXTENSION_DAYS = [7, 15] as const;
/** SPEC §9: trials ending within this many days are listed, at most EXPIRING_SOON_MAX of them. */
export const EXPIRING_SOON_DAYS = 3;
export const EXPIRING_SOON_MAX = 5;
/** SPEC §9: « nouveau » = registered less than 7 days ago; « inactif » = not updated for more than 30 days. */
export const NEW_USER_DAYS = 7;
export const INACTIVE_DAYS = 30;
/** Plans an admin can give (SPEC §4): never « gratuit », which is what a plan falls back to. */
export const ADMIN_GRANTABLE_PLANS = ['essai', 'premium', 'business'] as const;
export type AdminGrantablePlan = (typeof ADMIN_GRANTABLE_PLANS)[number];
export const ADMIN_USERS_MAX_LIMIT = 200;

export type DaysLeftTone = 'success' | 'warning' | 'danger';
/** SPEC §9: more than 5 days green, 2 to 5 orange, 1 or fewer red. */
export function daysLeftTone(days: number): DaysLeftTone {
  if (days > 5) return 'success';
  if (days >= 2) return 'warning';
  return 'danger';
}
/** SPEC §9: 3 days or fewer shows a warning. */
export const daysLeftNeedsWarning = (days: number): boolean => days <= 3;

/**
 * SPEC §9: total paid estimated as the monthly price times the number of 30-day periods since the
 * subscription started, at least 1. In cents, so the sum is exact.
 */
export function estimatedTotalPaidCents(priceCents: number, start: Date, now: Date): number {
  const periods = Math.max(1, Math.ceil((now.getTime() - start.getTime()) / (PAID_PERIOD_DAYS * 86_400_000)));
  return priceCents * periods;
}

/** SPEC §8: the admin screen's messages, worded once. */
export const ADMIN_MESSAGES = {
  badUsersFormat: 'Format de données utilisateurs incorrect',
  usersLoadFailed: 'Erreur lors du chargement des utilisateurs',
  detailsLoadFailed: 'Erreur lors du chargement des détails',
  banFailed: 'Erreur lors du changement de statut.',
  deleteFailed: 'Erreur lors de la suppression.',
  planFailed: 'Erreur lors du changement de plan',
  extendFailed: "Erreur lors de l'extension de l'essai.",
  forbidden: 'Accès réservé aux administrateurs.',
  userNotFound: 'Utilisateur introuvable.',
  notOnTrial: "L'essai ne peut être prolongé que pendant la période d'essai.",
  badExtension: "L'essai se prolonge de 7 ou 15 jours.",
  unknownPlan: 'Plan inconnu : choisissez Essai, Premium ou Business.',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte administrateur ici.',
  cannotBanSelf: 'Vous ne pouvez pas suspendre votre propre compte.',
} as const;

const isoDate = z.string();

/** A row of GET /admin/users: SPEC §3's User plus lastLoginAt; never a hash or a token. */
export const adminUserSchema = userSchema
  .pick({
    _id: true,
    nom: true,
    prenom: true,
    email: true,
    role: true,
    siret: true,
    createdAt: true,
    updatedAt: true,
    isBanned: true,
    emailVerified: true,
    isAdmin: true,
    planActuel: true,
    factureCount: true,
    subscriptionActive: true,
  })
  .extend({ lastLoginAt: isoDate.nullable() });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const ADMIN_USER_STATUTS = ['banni', 'nouveau', 'inactif'] as const;
export type AdminUserStatut = (typeof ADMIN_USER_STATUTS)[number];

/** Query of GET /admin/users; the total of the filtered set comes back in X-Total-Count. */
export const adminUsersQuerySchema = z.object({
  // A one-line text like every other field (hostile-input.test.ts walks it), trimmed.
  q: singleLine().max(200, '200 caractères au maximum').optional(),
  role: z.enum(ROLES).optional(),
  plan: z.enum(PLANS).optional(),
  statut: z.enum(ADMIN_USER_STATUTS).optional(),
  limit: z.coerce.number().int().min(1).max(ADMIN_USERS_MAX_LIMIT).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminStatsSchema = z.object({
  totalRegistrations: z.number(),
  totalFactures: z.number(),
  totalClients: z.number(),
  totalLogins: z.number(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

export const trialStatsSchema = z.object({
  totalEssais: z.number(),
  essaisActifs: z.number(),
  essaisExpires: z.number(),
  expiresAujourdhui: z.number(),
  /** Percent of the accounts that had a trial and are now on a paid plan, 0–100, one decimal. */
  tauxConversion: z.number(),
  expirentBientot: z.array(
    z.object({ _id: z.string(), nom: z.string(), email: z.string(), joursRestants: z.number() }),
  ),
});
export type TrialStats = z.infer<typeof trialStatsSchema>;

/** One point of a daily (YYYY-MM-DD) or monthly (YYYY-MM) series, Paris time. */
export const usagePointSchema = z.object({
  periode: z.string(),
  factures: z.number(),
  clients: z.number(),
  emails: z.number(),
  inscriptions: z.number(),
});
export type UsagePoint = z.infer<typeof usagePointSchema>;

/** GET /admin/usage-stats: users per plan and role, conversions trial → paid. */
export const usageStatsSchema = z.object({
  utilisateursParPlan: z.record(z.enum(PLANS), z.number()),
  utilisateursParRole: z.record(z.enum(ROLES), z.number()),
  bannis: z.number(),
  comptesFermes: z.number(),
  conversions: z.object({ essaisTermines: z.number(), convertis: z.number(), taux: z.number() }),
});
export type UsageStats = z.infer<typeof usageStatsSchema>;

/** GET /admin/usage-overview: the last 30 days and the last 12 months, oldest first, every period present. */
export const usageOverviewSchema = z.object({
  parJour: z.array(usagePointSchema),
  parMois: z.array(usagePointSchema),
});
export type UsageOverview = z.infer<typeof usageOverviewSchema>;

export const replicaMetricsSchema = z.object({
  replicaId: z.string(),
  hostname: z.string(),
  pid: z.number(),
  uptimeSeconds: z.number(),
  rssBytes: z.number(),
  heapUsedBytes: z.number(),
  requetesParMinute: z.number(),
  erreursParMinute: z.number(),
  p95Ms: z.number().nullable(),
  pool: z.object({ total: z.number(), idle: z.number(), waiting: z.number() }).nullable(),
  vuLe: isoDate,
});
export type ReplicaMetrics = z.infer<typeof replicaMetricsSchema>;

/** GET /admin/metrics/realtime: the whole cluster, from the replicas' heartbeats of the last 30 s. */
export const realtimeMetricsSchema = z.object({
  genereLe: isoDate,
  requetesParMinute: z.number(),
  /** Percent of the last minute's requests answered 5xx, one decimal. */
  tauxErreur: z.number(),
  p95Ms: z.number().nullable(),
  utilisateursActifs: z.object({ cinqMinutes: z.number(), quinzeMinutes: z.number() }),
  emails: z.object({ enAttente: z.number(), echecs24h: z.number() }),
  replicas: z.array(replicaMetricsSchema),
});
export type RealtimeMetrics = z.infer<typeof realtimeMetricsSchema>;

export const extendTrialRequestSchema = z.object({
  jours: z.union(
    TRIAL_EXTENSION_DAYS.map((d) => z.literal(d)),
    { error: ADMIN_MESSAGES.badExtension },
  ),
});
export const adminPlanRequestSchema = z.object({
  plan: z.enum(ADMIN_GRANTABLE_PLANS, { error: ADMIN_MESSAGES.unknownPlan }),
});
export const banRequestSchema = z.object({
  isBanned: z.boolean({ error: 'isBanned doit être vrai ou faux.' }),
});

const quotaLimit = z
  .number({ error: 'La limite doit être un nombre entier ou vide.' })
  .int('La limite doit être un nombre entier.')
  .min(0, 'La limite ne peut pas être négative.')
  .max(100_000, 'La limite ne peut pas dépasser 100 000.')
  .nullable();
/** Per-user limits of the free plan; null returns to the default. */
export const quotasRequestSchema = z.object({ limiteFactures: quotaLimit, limiteClients: quotaLimit });
export type QuotasRequest = z.infer<typeof quotasRequestSchema>;

export const syncSubscriptionsResultSchema = z.object({ verifiees: z.number(), corrigees: z.number() });
/** POST /admin/reset-quotas: how many open accounts count their usage from now on. */
export const resetAllQuotasResultSchema = z.object({ comptes: z.number() });

export const ADMIN_ACTIONS = [
  'ban',
  'unban',
  'delete',
  'plan',
  'extend_trial',
  'quotas',
  'reset_quotas',
  'reset_quotas_all',
  'export',
  'sync_subscriptions',
  'restore_siret',
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];
export const ADMIN_ACTION_LABELS: Record<AdminAction, string> = {
  ban: 'Compte suspendu',
  unban: 'Compte réactivé',
  delete: 'Compte supprimé',
  plan: 'Plan modifié',
  extend_trial: 'Essai prolongé',
  quotas: 'Quotas modifiés',
  reset_quotas: 'Quotas réinitialisés',
  reset_quotas_all: 'Quotas de tous réinitialisés',
  export: 'Données exportées',
  sync_subscriptions: 'Abonnements synchronisés',
  restore_siret: 'SIRET rendu au compte',
};

export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(ADMIN_ACTIONS),
  adminEmail: z.string(),
  targetEmail: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: isoDate,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** GET /admin/users/{id}/subscription: SPEC §3's subscription info with the admin's fields. */
export const adminSubscriptionSchema = subscriptionInfoSchema.extend({
  joursRestants: z.number().nullable(),
  dateFinEssai: isoDate.nullable(),
  dernierPaiement: isoDate.nullable(),
  prochainPaiement: isoDate.nullable(),
  /** SPEC §9 estimate, cents; 0 when no paid plan. */
  totalPayeEstimeCents: z.number(),
  provider: z.enum(['test', 'stripe', 'admin']).nullable(),
  accordeParAdmin: z.boolean(),
  quotas: z.object({
    limiteFactures: z.number().nullable(),
    limiteClients: z.number().nullable(),
    reinitialiseLe: isoDate.nullable(),
  }),
});
export type AdminSubscription = z.infer<typeof adminSubscriptionSchema>;

/** GET /admin/users/{id}/details. */
export const adminUserDetailsSchema = z.object({
  user: adminUserSchema.extend({
    adresse: z.string(),
    codePostal: z.string(),
    ville: z.string(),
    deletedAt: isoDate.nullable(),
  }),
  counts: z.object({
    factures: z.number(),
    facturesRecues: z.number(),
    clients: z.number(),
    emails: z.number(),
  }),
  dernieresConnexions: z.array(z.object({ date: isoDate, ip: z.string() })),
  audit: z.array(auditEntrySchema),
});
export type AdminUserDetails = z.infer<typeof adminUserDetailsSchema>;

export const usageHistoryQuerySchema = z.object({
  mois: z.coerce.number().int().min(1).max(24).default(6),
});
/** GET /admin/users/{id}/usage-history: per month (YYYY-MM), oldest first, every month present. */
export const usageHistorySchema = z.array(
  z.object({ mois: z.string(), factures: z.number(), clients: z.number(), emails: z.number() }),
);
export type UsageHistory = z.infer<typeof usageHistorySchema>;

/**
 * DELETE /users/me: closing one's own account asks for the password again. One line of text, as at
 * sign-in (no U+0000, no line break: the hostile-input test holds every field to a text rule).
 */
export const deleteAccountRequestSchema = z.object({
  password: singleLine({ error: 'Saisissez votre mot de passe.', trim: false })
    .min(1, 'Saisissez votre mot de passe.')
    .max(1024),
});
