/**
 * Answers the HTML asked for before any module ran (issue 16). Signed in on the first screen (/factures),
 * index.html's inline script (scripts/first-screen-boot.mjs) sends the session check and the list's first
 * requests with the stored token while the app's code is still downloading; the API wrapper adopts each
 * answer once instead of asking again. Keys are API paths as the app builds them (`/users/me`, `/factures`).
 */
interface EarlyResponses {
  /** The token they were sent with: another session (signed out and in meanwhile) never adopts them. */
  token: string;
  responses: Record<string, Promise<Response> | undefined>;
}

declare global {
  interface Window {
    __facturoEarly?: EarlyResponses;
  }
}

/*
 * They are the first screen's data, read while it loads: a request made later (a refresh, another page) must
 * see the server as it is then, not an answer from the page's start.
 */
const ADOPTABLE_FOR_MS = 10_000;

/** The early answer to `GET path` sent with `token`, taken once; undefined when there is none to adopt. */
export function takeEarlyResponse(path: string, token: string | null): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__facturoEarly;
  if (!early || token === null || early.token !== token) return undefined;
  const response = early.responses[path];
  delete early.responses[path];
  if (!response || performance.now() > ADOPTABLE_FOR_MS) return undefined;
  return response;
}
