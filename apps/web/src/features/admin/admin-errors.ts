import { ApiError } from '../../lib/api-error';

/**
 * SPEC §8 gives one sentence per failed action; the server's own reason (not on a trial, own account…)
 * follows it when there is one, so the admin knows what to do.
 */
export function adminErrorMessage(specMessage: string, error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) return specMessage;
  const reason = error.serverMessage?.trim();
  return reason && reason !== specMessage ? `${specMessage} ${reason}` : specMessage;
}
