import { useEffect, useRef, useState } from 'react';
import type { AuthFailure } from './error-messages';

export type TokenLinkState =
  | { status: 'sending' }
  | { status: 'success'; message: string }
  | ({ status: 'error' } & AuthFailure);

/**
 * Posts an e-mailed link's token once (the address confirmation, the sign-in unlock). Tokens are single
 * use and React StrictMode runs effects twice in development, so a ref remembers which token was
 * already sent; results are kept even if the first effect was "cleaned up", because its request still
 * counts on the server.
 */
export function useTokenLink(
  token: string | null,
  send: (token: string) => Promise<{ message: string }>,
  describeError: (error: unknown) => AuthFailure,
  missingTokenMessage: string,
): TokenLinkState {
  const sentFor = useRef<string | null>(null);
  const [state, setState] = useState<TokenLinkState>(() =>
    token ? { status: 'sending' } : { status: 'error', message: missingTokenMessage, offerResend: false },
  );

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    setState({ status: 'sending' });
    send(token).then(
      (data) => setState({ status: 'success', message: data.message }),
      (error: unknown) => setState({ status: 'error', ...describeError(error) }),
    );
  }, [token, send, describeError]);

  return state;
}
