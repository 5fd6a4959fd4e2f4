import { AppError } from '../../../lib/errors.js';

/** Where the client logs what a platform got wrong (the request's logger, or the job's). */
export interface PlatformLog {
  warn(details: object, message: string): void;
}

export const PLATFORM_UNAVAILABLE =
  'La plateforme de facturation électronique est injoignable. Nouvel essai plus tard.';
export const UNEXPECTED_ANSWER = 'Réponse inattendue de la plateforme.';

/** What the user was doing when the platform said no, said in the refusal. */
export type RefusedAction = 'envoi' | 'demande' | 'annuaire' | 'webhook' | 'jeton';
const ACTION_WORDS: Record<RefusedAction, string> = {
  envoi: 'La plateforme a refusé l’envoi',
  demande: 'La plateforme a refusé la demande',
  annuaire: 'L’annuaire de la plateforme a refusé la recherche',
  webhook: 'La plateforme a refusé l’abonnement aux notifications',
  jeton: 'La plateforme a refusé les identifiants (jeton OAuth2)',
};

/**
 * Answers worth trying again later: the platform is down or busy (5xx), asks us to slow down (429) or gave
 * up waiting (408). Any other 4xx says the request itself is wrong: sending it again changes nothing.
 */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 429 || status === 408;
}

export function platformUnavailable(): AppError {
  return new AppError(503, 'platform_unavailable', PLATFORM_UNAVAILABLE);
}

/**
 * A non-2xx answer as the user reads it. The standard's error body is `{errorCode, errorMessage?}` (OAuth2's
 * token endpoint answers `{error, error_description?}`, RFC 6749 §5.2): its words are kept, in a French
 * sentence that says what was refused — « La plateforme a refusé l’envoi : Invalid format (INVALID_FLOW) ».
 */
export function platformRefusal(action: RefusedAction, status: number, body: unknown): AppError {
  if (isTransientStatus(status)) return platformUnavailable();
  const { code, message } = errorWords(body);
  const detail = message && code ? `${message} (${code})` : (message ?? code);
  return new AppError(
    422,
    'platform_refused',
    detail ? `${ACTION_WORDS[action]} : ${detail}` : `${ACTION_WORDS[action]} (HTTP ${status}).`,
  );
}

/**
 * A body that breaks the contract (a required field missing or of the wrong type): nothing can be done with
 * it, so it is taken for a platform out of order (503, retried later) and the offending field is logged.
 */
export function unexpectedAnswer(log: PlatformLog | undefined, operation: string, field: string): AppError {
  log?.warn({ operation, field }, 'Réponse de la plateforme hors du contrat XP Z12-013');
  return new AppError(503, 'platform_unavailable', UNEXPECTED_ANSWER);
}

/** Short, single-line: the platform's text reaches the user's page. */
function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim().slice(0, 300);
  return text === '' ? null : text;
}

function errorWords(body: unknown): { code: string | null; message: string | null } {
  if (!body || typeof body !== 'object') return { code: null, message: clean(body) };
  const fields = body as Record<string, unknown>;
  return {
    code: clean(fields.errorCode) ?? clean(fields.error),
    message: clean(fields.errorMessage) ?? clean(fields.error_description) ?? clean(fields.details),
  };
}
