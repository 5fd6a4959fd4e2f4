import {
  CLIENT_ADDRESS_MESSAGE,
  CLIENT_SIREN_MESSAGE,
  ISSUER_ADDRESS_MESSAGE,
  MESSAGES,
} from '@facturo/shared';
import { ApiError } from '../../lib/api-error';

/* Wording of SPEC §8 Invoices; the server sends the rest in `message`. */
export const INVOICES_LOAD_ERROR = 'Erreur lors du chargement des factures';
export const INVOICE_LOAD_ERROR = 'Erreur lors du chargement de la facture';
export const INVOICE_NOT_FOUND = 'Facture non trouvée';
export const INVOICE_CREATE_ERROR = 'Erreur lors de la création de la facture';
/** Not worded by the spec; only shown when the server sends no sentence of its own. */
export const INVOICE_UPDATE_ERROR = 'Erreur lors de la modification de la facture';
export const INVOICE_DELETE_ERROR = 'Erreur lors de la suppression';
export const INVOICE_STATUS_ERROR = 'Erreur lors de la mise à jour du statut';
export const SEND_INTERNAL_ERROR = "Erreur lors de l'envoi interne.";
export const SEND_INTERNAL_SUCCESS = 'Facture envoyée sur la plateforme.';
/** A second "Envoyer": nothing new reaches the client, bar a reminder of the invitation. */
export const SEND_INTERNAL_ALREADY_SENT = 'Cette facture a déjà été envoyée sur la plateforme.';
export const SEND_INTERNAL_INVITATION_REMINDED =
  'Le client n’a pas encore activé son compte : un rappel d’invitation lui a été envoyé, le premier lien reste valable.';
/** Not in SPEC §8; only shown when the server sends no sentence of its own. */
export const PDF_DOWNLOAD_ERROR = 'Erreur lors du téléchargement du PDF';
/** SPEC §8 only says the server's message is shown; this covers a failure without an answer. */
export const SEND_EMAIL_ERROR = "Erreur lors de l'envoi de l'email.";
export const SEND_EMAIL_SUCCESS = 'Facture envoyée par email avec succès !';
export const NUMBER_CONFLICT_MESSAGE = 'Numéro de facture en conflit. Veuillez réessayer.';
export const REQUIRES_SIRET_MESSAGE = 'Vous devez configurer votre SIRET avant de créer une facture';
export const REQUIRES_UPGRADE_MESSAGE = 'Vous devez passer en mode professionnel pour créer une facture.';
export const EXPORT_SUCCESS_TITLE = 'Export RGPD réussi';
export const EXPORT_ERROR_TITLE = "Erreur d'export";
export const EXPORT_ERROR_DESCRIPTION = "Impossible d'exporter les données";
export const CLIENT_INVOICES_LOAD_ERROR = 'Erreur lors du chargement des factures du client';
/** DESIGN §5: why a cancelled invoice offers no action but its PDF (its number is kept, never given again). */
export const CANCELLED_EXPLANATION =
  'Facture annulée : elle reste dans votre registre avec son numéro, et ne peut plus être modifiée ni envoyée.';
/** Issue 15: a fully credited invoice; there is nothing left to correct nor to pay. */
export const CREDITED_EXPLANATION =
  'Facture entièrement créditée par avoir : elle reste dans votre registre avec son numéro, et plus rien n’est dû.';
/** DESIGN §5: why a sent or paid invoice cannot be changed, and what to do instead. */
export const LOCKED_EXPLANATION =
  'Facture envoyée ou payée : elle ne peut plus être modifiée. Pour la corriger, émettez un avoir.';

/** SPEC §9 "other redirect delays 2 s": the SIRET notice stays readable before /mentions-legales. */
export const SIRET_REDIRECT_DELAY_MS = 2000;
/** SPEC §8 and §9: the invoice quota popup closes by itself after 8 s. */
export const QUOTA_POPUP_DURATION_MS = 8000;
export const LEGAL_MENTIONS_PATH = '/mentions-legales';
export const SUBSCRIPTION_PATH = '/subscription';

export type Quota = { utilise: number; limite: number };

/** What a refused "Générer la facture" turns into: the quota popup, or a sentence (and maybe a redirect). */
export type SubmitFailure =
  | { kind: 'quota'; quota: Quota }
  | {
      kind: 'message';
      message: string;
      redirectTo?: string;
      /** The wizard's step that asks for what was missing: 1 the issuer's address, 2 the client's. */
      step?: 1 | 2;
    };

function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError && !error.isNetworkError ? error : null;
}

/** "duplicate key value violates unique constraint", E11000 duplicate key…: another invoice took the number. */
function isDuplicateNumber(error: ApiError): boolean {
  const text = `${error.serverMessage ?? ''} ${error.body.errors.join(' ')}`.toLowerCase();
  return text.includes('duplicate') || text.includes('e11000');
}

/** SPEC §8 Invoices, creation (and the full edit, which can meet the same refusals). */
export function describeSubmitError(error: unknown, mode: 'create' | 'edit'): SubmitFailure {
  const fallback = mode === 'create' ? INVOICE_CREATE_ERROR : INVOICE_UPDATE_ERROR;
  const apiError = asApiError(error);
  if (!apiError) return { kind: 'message', message: fallback };
  if (apiError.body.quota) return { kind: 'quota', quota: apiError.body.quota };
  if (isDuplicateNumber(apiError)) return { kind: 'message', message: NUMBER_CONFLICT_MESSAGE };
  if (apiError.body.requiresSiret) {
    return { kind: 'message', message: REQUIRES_SIRET_MESSAGE, redirectTo: LEGAL_MENTIONS_PATH };
  }
  if (apiError.body.requiresIssuerAddress) {
    return { kind: 'message', message: apiError.serverMessage ?? ISSUER_ADDRESS_MESSAGE, step: 1 };
  }
  if (apiError.body.requiresClientAddress) {
    return { kind: 'message', message: apiError.serverMessage ?? CLIENT_ADDRESS_MESSAGE, step: 2 };
  }
  if (apiError.body.requiresClientSiren) {
    return { kind: 'message', message: apiError.serverMessage ?? CLIENT_SIREN_MESSAGE, step: 2 };
  }
  if (apiError.body.requiresUpgrade || apiError.errorType === 'requires_upgrade') {
    return { kind: 'message', message: REQUIRES_UPGRADE_MESSAGE };
  }
  return { kind: 'message', message: apiError.serverMessage ?? fallback };
}

/**
 * Refusals each with their own sentence (shared with the server), shown even from a bare answer. The
 * server's own sentence comes first: invoice_cancelled answers both a second deletion (« déjà annulée »)
 * and a sending (« ne peut pas être envoyée »).
 */
const ACTION_REFUSALS: Readonly<Record<string, string>> = {
  invoice_cancelled: MESSAGES.invoiceCancelled,
  not_issuer: MESSAGES.notIssuer,
};

/** Deletion, status change, internal send: the server's reason when it refused (e.g. invoice_locked). */
export function describeActionError(error: unknown, fallback: string): { message: string; detail?: string } {
  const apiError = asApiError(error);
  const detail =
    apiError && apiError.status < 500
      ? (apiError.serverMessage ?? ACTION_REFUSALS[apiError.errorType])
      : undefined;
  return detail && detail !== fallback ? { message: fallback, detail } : { message: fallback };
}

/** The server's own sentence when it answered with one (SPEC §8: the e-mail alert shows it), else `fallback`. */
export function serverMessageOr(error: unknown, fallback: string): string {
  return asApiError(error)?.serverMessage ?? fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
