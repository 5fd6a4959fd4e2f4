import { MESSAGING_MESSAGES } from '@facturo/shared';
import { ApiError } from '../../lib/api-error';

/**
 * A send that failed: the server's reason when it refused the message (too fast, too long, conversation
 * gone), worded by the server as every 4xx is; otherwise (network, server error) the page's own sentence.
 */
export function sendErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError) || error.isNetworkError || error.status >= 500) {
    return MESSAGING_MESSAGES.sendFailed;
  }
  return error.serverMessage?.trim() || MESSAGING_MESSAGES.sendFailed;
}
