import { MESSAGES } from '@facturo/shared';
import { ApiError } from '../../lib/api-error';

/* Wording of SPEC §8 Subscription. */
export const SUBSCRIPTION_LOAD_ERROR = 'Erreur chargement des données';
export const CHECKOUT_ERROR = 'Erreur lors de la création du paiement';
export const CHECKOUT_NETWORK_ERROR = 'Problème de connexion, veuillez réessayer';
export const CHECKOUT_QUOTA_ERROR = 'Quota atteint - passez à un plan supérieur';
export const CANCEL_ERROR = "Erreur lors de l'annulation";
export const REACTIVATE_ERROR = 'Erreur lors de la réactivation';
/* Not worded by the spec. */
export const SWITCH_PLAN_ERROR = 'Erreur lors du changement de plan';
export const TEST_CHECKOUT_ERROR = 'Erreur lors de la validation du paiement de test';
export const CHECKOUT_SESSION_NOT_FOUND = 'Session de paiement introuvable.';

/** SPEC §4: the subscription is read again 2 s after a cancel or a reactivation. */
export const REFETCH_AFTER_CHANGE_MS = 2000;

/**
 * SPEC §8 checkout failure: the server's sentence first, then a lost connection, then a 403 without a
 * sentence, then the generic wording. A particulier's refusal is also a 403 but no quota: it gets its
 * own sentence, whatever the server said.
 */
export function describeCheckoutError(error: unknown): string {
  if (!(error instanceof ApiError)) return CHECKOUT_ERROR;
  if (error.isNetworkError) return CHECKOUT_NETWORK_ERROR;
  if (error.errorType === 'professional_only') return MESSAGES.professionalOnly;
  if (error.serverMessage) return error.serverMessage;
  if (error.status === 403) return CHECKOUT_QUOTA_ERROR;
  return CHECKOUT_ERROR;
}

/** Other subscription calls: the server's sentence when there is one, else the fallback of the action. */
export function describeSubscriptionError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && !error.isNetworkError && error.serverMessage) return error.serverMessage;
  return fallback;
}
