import { verifyEmail } from './api';
import { describeVerifyError, VERIFY_MISSING_TOKEN_MESSAGE } from './error-messages';
import { type TokenLinkState, useTokenLink } from './use-token-link';

export type VerificationState = TokenLinkState;

/** The confirmation link's token, posted once. */
export function useEmailVerification(token: string | null): VerificationState {
  return useTokenLink(token, verifyEmail, describeVerifyError, VERIFY_MISSING_TOKEN_MESSAGE);
}
