/*
 * Why the app last ended a session by itself, kept for the /login page that follows: a ban must read
 * « Ce compte a été suspendu », not look like an expired session. Stored for this tab only (a reload of
 * /login still shows it once); reading it forgets it.
 */
const REASON_KEY = 'signedOutReason';

export type SignedOutReason = 'suspendu';

export function rememberSignedOutReason(reason: SignedOutReason): void {
  try {
    window.sessionStorage.setItem(REASON_KEY, reason);
  } catch {
    // Storage refused (private mode): /login then simply shows no reason.
  }
}

export function takeSignedOutReason(): SignedOutReason | null {
  try {
    const reason = window.sessionStorage.getItem(REASON_KEY);
    window.sessionStorage.removeItem(REASON_KEY);
    return reason === 'suspendu' ? reason : null;
  } catch {
    return null;
  }
}

/** The API's answer to a banned account's request (plugins/authenticate): 403 `account_banned`. */
export const isBannedAnswer = (status: number, errorType: string | undefined) =>
  status === 403 && errorType === 'account_banned';
