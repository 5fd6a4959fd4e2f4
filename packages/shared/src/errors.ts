/**
 * The stable error codes of the API (DESIGN §3). The client switches on the code;
 * the user reads the French message that comes with it.
 */
export const ERROR_TYPES = [
  'validation_error',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  'account_not_found',
  'wrong_password',
  'password_not_set',
  'email_not_verified',
  'email_verification_expired',
  'email_already_used',
  'email_already_verified',
  'invalid_token',
  'invitation_not_found',
  'invitation_expired',
  'invitation_used',
  'account_banned',
  'requires_upgrade',
  'client_email_taken',
  'client_has_invoices',
  // Issue 15, quotes.
  'client_has_quotes',
  'quota_exceeded',
  'invoice_locked',
  'invoice_cancelled',
  'not_issuer',
  'invalid_status_transition',
  // Issue 15, quotes: edited or deleted too late, answered too late, invoiced before acceptance or twice.
  'quote_locked',
  'quote_answer_closed',
  'quote_expired',
  'quote_not_accepted',
  'quote_already_invoiced',
  'deposit_exceeds_quote',
  'professional_only',
  'unsupported_image',
  'payload_too_large',
  // Issue 19, e-invoicing: a received file that is no e-invoice or is malformed, a lifecycle message that
  // cannot be read, a supplier invoice received twice, the platform unreachable or refusing.
  'unsupported_invoice_file',
  'invalid_einvoice',
  'invalid_cdar',
  'duplicate_supplier_invoice',
  'platform_unavailable',
  'platform_refused',
  'invalid_webhook_signature',
  // A signed webhook delivery sent again within its signature's tolerance.
  'webhook_replayed',
  'company_search_unavailable',
] as const;
export type ErrorType = (typeof ERROR_TYPES)[number];

export interface ApiErrorBody {
  errorType: ErrorType;
  message: string;
  errors?: string[];
  requiresEmailVerification?: boolean;
  tokenExpired?: boolean;
  requiresUpgrade?: boolean;
  requiresSiret?: boolean;
  /** Issue 12: what an invoice still needs before it can be written, so the web asks for it. */
  requiresIssuerAddress?: boolean;
  requiresClientAddress?: boolean;
  requiresClientSiren?: boolean;
  requiresVatNumber?: boolean;
  quota?: { utilise: number; limite: number };
  retryAfterSeconds?: number;
  /** Issue 19: the received invoice already in the inbox (409 duplicate_supplier_invoice). */
  factureFournisseurId?: string;
}

/** Messages the server and the web must word identically (SPEC §8); a 429's is rateLimitedMessage. */
export const MESSAGES = {
  accountNotFound: "Aucun compte associé à cette adresse email. Veuillez vous inscrire d'abord.",
  wrongPassword: "Mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
  emailNotVerified:
    'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
  emailVerificationExpired: 'Le lien de confirmation a expiré. Demandez un nouvel email de confirmation.',
  invalidLink: 'Lien invalide ou expiré.',
  unauthorized: 'Session expirée. Veuillez vous reconnecter.',
  banned: 'Ce compte a été suspendu. Contactez le support.',
  internal: 'Erreur interne',
  /** Deleting or editing an invoice that is already cancelled (not "sent or paid": it is neither). */
  invoiceCancelled: 'Cette facture est déjà annulée.',
  /** E-mailing or platform-sending a cancelled invoice: its number stays in the register, the invoice goes nowhere. */
  cancelledInvoiceNotSent: 'Une facture annulée ne peut pas être envoyée.',
  /** The recipient of an invoice trying the issuer's actions on it. */
  notIssuer: 'Seul l’émetteur peut modifier, envoyer ou supprimer cette facture.',
  /** A particulier asking for a paid plan: not a quota, and no plan would help. */
  professionalOnly:
    'Les abonnements sont réservés aux comptes professionnels. Renseignez votre SIRET dans vos mentions légales pour passer en compte professionnel.',
} as const;
