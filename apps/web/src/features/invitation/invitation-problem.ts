import { INVITATION_MESSAGES } from '@facturo/shared';
import { ApiError } from '../../lib/api-error';
import { NETWORK_ERROR_MESSAGE } from '../auth/error-messages';

/** Why the invitation cannot be used, and the way forward the page offers. */
export interface InvitationProblem {
  message: string;
  /** `login`: the account exists, sign in; `new-link`: ask for a new link (or sign in); `retry`: try again. */
  way: 'login' | 'new-link' | 'retry';
}

/** A read or accept failure as the page shows it; null when it is about the form (shown beside it). */
export function invitationProblem(error: unknown): InvitationProblem | null {
  if (!(error instanceof ApiError) || error.isNetworkError) {
    return { message: NETWORK_ERROR_MESSAGE, way: 'retry' };
  }
  if (error.errorType === 'invitation_used') {
    return { message: error.serverMessage ?? INVITATION_MESSAGES.used, way: 'login' };
  }
  if (error.errorType === 'invitation_expired') {
    return { message: error.serverMessage ?? INVITATION_MESSAGES.expired, way: 'new-link' };
  }
  if (error.errorType === 'invitation_not_found' || error.errorType === 'account_banned') {
    return { message: error.serverMessage ?? INVITATION_MESSAGES.unknown, way: 'new-link' };
  }
  return null;
}

/** The link without a token at all. */
export const MISSING_TOKEN_PROBLEM: InvitationProblem = {
  message: INVITATION_MESSAGES.unknown,
  way: 'new-link',
};
