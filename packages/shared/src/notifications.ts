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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Per kind, the user's choices; a kind or a channel absent takes NOTIFICATION_DEFAULTS. */
export type NotificationPrefs = Partial<Record<NotificationKind, { app?: boolean; email?: boolean }>>;
