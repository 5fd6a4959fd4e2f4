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
  // Too many requests at once for the database's connections: 503 with Retry-After, try again shortly.
  'service_overloaded',
  'account_not_found',
  // A sign-in refused: unknown address, no password yet or a wrong one, worded alike (no account revealed).
  'invalid_credentials',
  // A sign-in from a device the account never used, after too many failures: the e-mailed link unlocks it.
  'unlock_required',
  'wrong_password',
  'email_not_verified',
  'email_verification_expired',
  'email_already_used',
  // One company, one account: the SIRET is another open account's.
  'siret_taken',
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
  // Uploads read within bounds: a file too large once inflated, an XML too complex (or too costly) to
  // read, an image of too many pixels, and every reading slot taken (503, Retry-After).
  'decompressed_too_large',
  'einvoice_too_complex',
  'image_too_large',
  'uploads_busy',
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
  // The other party's account is closed or suspended: a message, a declared payment or an invoice sent to
  // it would reach nobody (counterpart.ts).
  'counterpart_closed',
  'counterpart_suspended',
  // A closed account's archive is read-only (closed-account.ts).
  'account_closed_read_only',
  // An invoice's signed link (facture-en-ligne) that is forged, altered, or names an invoice gone.
  'invoice_link_not_found',
  // A quote's signed link (devis-en-ligne), the same way.
  'quote_link_not_found',
  // One channel per invoice once the approved platform is involved (sending-channel.ts).
  'already_sent_via_approved_platform',
  'already_sent_on_facturo',
  'invoice_not_payable',
  // A document's life: a reminder or a refusal where its life forbids it.
  'invoice_not_remindable',
  'invoice_not_refusable',
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
  /**
   * A refused sign-in, whatever the reason (unknown address, no password yet, wrong password): one answer,
   * so that nobody learns from it whether an address has an account (SPEC §8's older account_not_found
   * and wrong_password sentences for login told them apart, which revealed accounts).
   */
  invalidCredentials:
    "Adresse email ou mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
  /** Worded for any address, known or not, for the same reason. */
  unlockRequired:
    "Trop d'échecs de connexion sur ce compte : par sécurité, la connexion depuis un nouvel appareil est suspendue. Un lien de déblocage a été envoyé par email à l'adresse du compte ; vous pouvez aussi réinitialiser votre mot de passe.",
  /** Closing one's own account asks for the password again: there, the account is known. */
  wrongPassword: "Mot de passe incorrect. Utilisez « J'ai oublié mon mot de passe » si nécessaire.",
  emailNotVerified:
    'Veuillez confirmer votre adresse email avant de vous connecter. Vérifiez votre boîte mail.',
  emailVerificationExpired: 'Le lien de confirmation a expiré. Demandez un nouvel email de confirmation.',
  invalidLink: 'Lien invalide ou expiré.',
  unauthorized: 'Session expirée. Veuillez vous reconnecter.',
  banned: 'Ce compte a été suspendu. Contactez le support.',
  internal: 'Erreur interne',
  serviceOverloaded: 'Le service est momentanément surchargé, réessayez dans quelques secondes.',
  /** Deleting or editing an invoice that is already cancelled (not "sent or paid": it is neither). */
  invoiceCancelled: 'Cette facture est déjà annulée.',
  /** E-mailing or platform-sending a cancelled invoice: its number stays in the register, the invoice goes nowhere. */
  cancelledInvoiceNotSent: 'Une facture annulée ne peut pas être envoyée.',
  /** The recipient of an invoice trying the issuer's actions on it. */
  notIssuer: 'Seul l’émetteur peut modifier, envoyer ou supprimer cette facture.',
  /** A particulier asking for a paid plan: not a quota, and no plan would help. */
  professionalOnly:
    'Les abonnements sont réservés aux comptes professionnels. Renseignez votre SIRET dans vos mentions légales pour passer en compte professionnel.',
  /** One channel per invoice once the approved platform is involved: the buyer never holds it twice. */
  alreadySentViaApprovedPlatform:
    'Cette facture a déjà été transmise via la plateforme agréée : elle ne peut pas aussi être envoyée sur Facturo. Un envoi par e-mail reste possible, comme copie.',
  alreadySentOnFacturo:
    'Cette facture a déjà été envoyée sur Facturo : elle ne peut pas aussi être transmise via la plateforme agréée.',
  /** Paying (recording or declaring) what is refused, rejected, cancelled or a credit note. */
  invoiceNotPayable:
    'Cette facture ne peut pas recevoir de paiement : elle est refusée, rejetée, annulée ou c’est un avoir.',
} as const;
