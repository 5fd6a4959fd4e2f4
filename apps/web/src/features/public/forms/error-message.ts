import { ApiError } from '../../../lib/api-error';
import { NETWORK_ERROR_MESSAGE } from '../../auth/error-messages';

/** Shown when the server failed on its side: its bare "Erreur interne" would not tell the visitor what to do. */
export const PUBLIC_FORM_FAILED_MESSAGE =
  'L’envoi n’a pas abouti à cause d’un incident de notre côté. Réessayez dans quelques minutes.';

/**
 * The sentence to show above a public form after a failed submit. The server words the visitor's own
 * mistakes (400 validation_error, 429 rate_limited) in French, so its message is shown as it is.
 */
export function describePublicFormError(error: unknown): string {
  if (!(error instanceof ApiError)) return PUBLIC_FORM_FAILED_MESSAGE;
  if (error.isNetworkError) return NETWORK_ERROR_MESSAGE;
  if (error.status >= 400 && error.status < 500 && error.serverMessage) return error.serverMessage;
  return PUBLIC_FORM_FAILED_MESSAGE;
}
