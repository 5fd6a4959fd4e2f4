import { MESSAGES, PASSWORD_POLICY_MESSAGE } from '@facturo/shared/sign-in';
import { ApiError } from '../../lib/api-error';

/* Wording of SPEC §8 that only the web shows (the server sends the rest in `message`). */
export const NETWORK_ERROR_MESSAGE = 'Erreur de connexion au serveur';
export const REGISTER_ERROR_MESSAGE = "Erreur dans le processus d'inscription";
export const RESEND_ERROR_MESSAGE = "Erreur lors du renvoi de l'email.";
export const RESET_REQUEST_ERROR_MESSAGE = "Erreur lors de l'envoi de l'email de réinitialisation";
export const CONFIRM_EMAIL_FIRST_MESSAGE = "Vous devez d'abord confirmer votre adresse email.";
export const VERIFY_ERROR_MESSAGE = 'Erreur de vérification';
export const VERIFY_MISSING_TOKEN_MESSAGE = 'Token de vérification manquant';
export const UNLOCK_ERROR_MESSAGE =
  'Impossible de débloquer la connexion. Réessayez ou réinitialisez votre mot de passe.';

/** A failure to show, and whether a "resend the confirmation e-mail" action goes with it. */
/** /login after the app ended a session because the account was suspended (the API's own wording). */
export const SUSPENDED_SESSION_MESSAGE = MESSAGES.banned;

export interface AuthFailure {
  message: string;
  offerResend: boolean;
}

function asApiError(error: unknown): ApiError | null {
  return error instanceof ApiError ? error : null;
}

/** The confirmation link is dead: the server says so by code, or by the two flags together. */
function isExpiredVerification(error: ApiError): boolean {
  return (
    error.errorType === 'email_verification_expired' ||
    (error.body.requiresEmailVerification === true && error.body.tokenExpired === true)
  );
}

function isUnverified(error: ApiError): boolean {
  return error.errorType === 'email_not_verified' || error.body.requiresEmailVerification === true;
}

/** SPEC §8, login. */
export function describeLoginError(error: unknown): AuthFailure {
  const apiError = asApiError(error);
  if (!apiError || apiError.isNetworkError) return { message: NETWORK_ERROR_MESSAGE, offerResend: false };
  // One sentence for an unknown address and a wrong password: the server tells them apart to nobody.
  if (apiError.errorType === 'invalid_credentials') {
    return { message: apiError.serverMessage ?? MESSAGES.invalidCredentials, offerResend: false };
  }
  if (apiError.errorType === 'unlock_required') {
    return { message: apiError.serverMessage ?? MESSAGES.unlockRequired, offerResend: false };
  }
  if (isExpiredVerification(apiError)) {
    return { message: apiError.serverMessage ?? MESSAGES.emailVerificationExpired, offerResend: true };
  }
  if (isUnverified(apiError)) return { message: MESSAGES.emailNotVerified, offerResend: true };
  return { message: apiError.serverMessage ?? NETWORK_ERROR_MESSAGE, offerResend: false };
}

/** SPEC §8, register. */
/** The server's sentence when the SIRET is the problem (another open account holds it), else null. */
export function registerSiretProblem(error: unknown): string | null {
  const apiError = asApiError(error);
  return apiError?.errorType === 'siret_taken' ? (apiError.serverMessage ?? null) : null;
}

export function describeRegisterError(error: unknown): string {
  const apiError = asApiError(error);
  if (apiError?.isNetworkError) return NETWORK_ERROR_MESSAGE;
  return apiError?.serverMessage ?? REGISTER_ERROR_MESSAGE;
}

/** Resending the confirmation e-mail; a rate limit keeps its own, more useful, sentence. */
export function describeResendError(error: unknown): string {
  const apiError = asApiError(error);
  if (apiError?.status === 429 && apiError.serverMessage) return apiError.serverMessage;
  return RESEND_ERROR_MESSAGE;
}

/** SPEC §8, reset request: an unconfirmed address must be confirmed before any reset. */
export function describeResetRequestError(error: unknown): AuthFailure {
  const apiError = asApiError(error);
  if (!apiError || apiError.isNetworkError) return { message: NETWORK_ERROR_MESSAGE, offerResend: false };
  if (apiError.errorType === 'account_not_found') {
    // Resending a confirmation to an address with no account makes no sense: the server's sentence says
    // to sign up instead.
    return { message: apiError.serverMessage ?? MESSAGES.accountNotFound, offerResend: false };
  }
  if (isExpiredVerification(apiError) || isUnverified(apiError)) {
    return { message: CONFIRM_EMAIL_FIRST_MESSAGE, offerResend: true };
  }
  return { message: apiError.serverMessage ?? RESET_REQUEST_ERROR_MESSAGE, offerResend: false };
}

/** SPEC §8, new password: the server may list each broken rule in errors[]. */
export function describeResetConfirmError(error: unknown): { message: string; details: string[] } {
  const apiError = asApiError(error);
  if (!apiError || apiError.isNetworkError) return { message: NETWORK_ERROR_MESSAGE, details: [] };
  if (apiError.errorType === 'invalid_token') return { message: MESSAGES.invalidLink, details: [] };
  const details = apiError.body.errors.filter((detail) => detail !== apiError.serverMessage);
  const fallback = details.length > 0 ? PASSWORD_POLICY_MESSAGE : MESSAGES.invalidLink;
  return { message: apiError.serverMessage ?? fallback, details };
}

/** The unlock link of a sign-in suspended after many failures: a dead link says so. */
export function describeUnlockError(error: unknown): AuthFailure {
  const apiError = asApiError(error);
  if (!apiError || apiError.isNetworkError) return { message: NETWORK_ERROR_MESSAGE, offerResend: false };
  if (apiError.errorType === 'invalid_token') return { message: MESSAGES.invalidLink, offerResend: false };
  return { message: apiError.serverMessage ?? UNLOCK_ERROR_MESSAGE, offerResend: false };
}

/** SPEC §8, e-mail verification; an expired link can be replaced from the page itself. */
export function describeVerifyError(error: unknown): AuthFailure {
  const apiError = asApiError(error);
  // SPEC §8 words every verification failure without a server sentence this way, network included.
  if (!apiError || apiError.isNetworkError) return { message: VERIFY_ERROR_MESSAGE, offerResend: false };
  return {
    message: apiError.serverMessage ?? VERIFY_ERROR_MESSAGE,
    offerResend: isExpiredVerification(apiError),
  };
}
