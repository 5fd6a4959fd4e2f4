import { z } from 'zod';

/**
 * Issue 17: the in-app notification centre and its e-mails. The contract between the server's
 * notifications module and the web's bell and profile settings.
 */

export const NOTIFICATION_KINDS = [
  'facture_recue',
  'facture_payee',
  'paiement_declare',
  'devis_accepte',
  'devis_refuse',
  'relance_envoyee',
  'email_rejete',
  // Issue 19: a supplier invoice reached the inbox; a lifecycle status reached a document (refused,
  // rejected by the platform, paid…).
  'facture_fournisseur_recue',
  'statut_plateforme',
  // The recipient opened the invoice (the issuer sees « Vue »); the issuer refused a declared payment.
  'facture_vue',
  'paiement_rejete',
  // The recipient refused an invoice on Facturo, with their reason.
  'facture_refusee',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Per kind, the user's choices; a kind or a channel absent takes NOTIFICATION_DEFAULTS. */
export type NotificationPrefs = Partial<Record<NotificationKind, { app?: boolean; email?: boolean }>>;

/** Every kind with both channels decided: what the profile shows and what notify() obeys. */
export type ResolvedNotificationPrefs = Record<NotificationKind, { app: boolean; email: boolean }>;

/**
 * The kinds that matter enough for an e-mail (money in, a quote won). The others stay in the app: an
 * e-mail per reminder sent or per invoice received (already e-mailed by the sender) would be noise.
 */
export const EMAILED_NOTIFICATION_KINDS = [
  'facture_payee',
  'devis_accepte',
  // Money announced, and money announced but refused: the issuer may opt out of the first.
  'paiement_declare',
  'paiement_rejete',
] as const satisfies readonly NotificationKind[];

export function isEmailedKind(kind: NotificationKind): boolean {
  return (EMAILED_NOTIFICATION_KINDS as readonly NotificationKind[]).includes(kind);
}

/** In the app: every kind. By e-mail: the kinds that matter, on until the user opts out. */
export const NOTIFICATION_DEFAULTS: ResolvedNotificationPrefs = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, { app: true, email: isEmailedKind(kind) }]),
) as ResolvedNotificationPrefs;

/** The stored choices over the defaults; an e-mail is never on for a kind that has none. */
export function resolveNotificationPrefs(prefs: NotificationPrefs): ResolvedNotificationPrefs {
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => {
      const fallback = NOTIFICATION_DEFAULTS[kind];
      const chosen = prefs[kind] ?? {};
      return [
        kind,
        {
          app: chosen.app ?? fallback.app,
          email: isEmailedKind(kind) && (chosen.email ?? fallback.email),
        },
      ];
    }),
  ) as ResolvedNotificationPrefs;
}

/** The profile's words for each kind. */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  facture_recue: 'Facture reçue',
  facture_payee: 'Facture payée',
  paiement_declare: 'Paiement déclaré par un client',
  devis_accepte: 'Devis accepté',
  devis_refuse: 'Devis refusé',
  relance_envoyee: 'Relance envoyée',
  email_rejete: 'E-mail non distribué',
  facture_fournisseur_recue: 'Facture fournisseur reçue',
  statut_plateforme: 'Statut reçu de la plateforme',
  facture_vue: 'Facture vue par le client',
  paiement_rejete: 'Paiement signalé refusé',
  facture_refusee: 'Facture refusée par un client',
};

export const NOTIFICATIONS_PAGE_DEFAULT = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

/** One entry of the centre, newest first. */
export const notificationSchema = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  titre: z.string(),
  /** The in-app path it opens, '' when none. */
  lien: z.string(),
  lu: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** `before` is the `_id` of the oldest notification already shown (the next page is older). */
export const notificationsQuerySchema = z.object({
  before: z.uuid('Curseur invalide.').optional(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_DEFAULT),
});

/** GET /notifications/count, and the answer of the read calls: what the bell shows. */
export const notificationCountSchema = z.object({ nonLues: z.number() });

const channelsSchema = z.object({ app: z.boolean(), email: z.boolean() }).strict();

/** GET and PUT /notifications/preferences: every kind, both channels (no partial write to misread). */
export const notificationPrefsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, channelsSchema])) as Record<
      NotificationKind,
      typeof channelsSchema
    >,
  )
  .strict();
