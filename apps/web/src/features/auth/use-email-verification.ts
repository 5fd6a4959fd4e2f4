import { useEffect, useRef, useState } from 'react';
import { verifyEmail } from './api';
import { type AuthFailure, describeVerifyError, VERIFY_MISSING_TOKEN_MESSAGE } from './error-messages';

export type VerificationState =
  | { status: 'verifying' }
  | { status: 'success'; message: string }
  | ({ status: 'error' } & AuthFailure);

/**
 * Posts the token once. Tokens are single use and React StrictMode runs effects twice in development,
 * so a ref remembers which token was already sent; results are kept even if the first effect was
 * "cleaned up", because its request still counts on the server.
 */
export function useEmailVerification(token: string | null): VerificationState {
  const sentFor = useRef<string | null>(null);
  const [state, setState] = useState<VerificationState>(() =>
    token
      ? { status: 'verifying' }
      : { status: 'error', message: VERIFY_MISSING_TOKEN_MESSAGE, offerResend: false },
  );

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    setState({ status: 'verifying' });
    verifyEmail(token).then(
      (data) => setState({ status: 'success', message: data.message }),
      (error: unknown) => setState({ status: 'error', ...describeVerifyError(error) }),
    );
  }, [token]);

  return state;
}
