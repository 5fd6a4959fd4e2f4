import { createHash } from 'node:crypto';
import { basicAuthorization } from './client-secret-basic.js';
import {
  type PlatformLog,
  platformRefusal,
  platformUnavailable,
  unexpectedAnswer,
} from './platform-errors.js';

/** How the client secret reaches the token endpoint: HTTP Basic, or in the form body (RFC 6749 §2.3.1). */
export type ClientAuth = 'basic' | 'corps';

export interface TokenOptions {
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  clientAuth: ClientAuth;
  timeoutMs: number;
  fetch: typeof fetch;
  log?: PlatformLog;
}

/** A token is renewed this long before the platform said it expires (clocks and transit). */
const EXPIRY_MARGIN_MS = 30_000;
/** When the token answer has no expires_in (it is only RECOMMENDED, RFC 6749 §5.1). */
const DEFAULT_LIFETIME_S = 300;

/**
 * Tokens per (token URL, client id, secret): a platform object is made per job or request (platformFor),
 * the token outlives it so that each job does not ask for a new one; a changed secret gets its own.
 */
const tokens = new Map<string, { value: string; expiresAt: number }>();

/**
 * OAuth2 client credentials (the only flow XP Z12-013 names): a bearer token kept until shortly before it
 * expires; `renew` asks for a new one (after a 401, or to test the credentials).
 */
export async function accessToken(options: TokenOptions, renew = false): Promise<string> {
  const key = createHash('sha256')
    .update(`${options.tokenUrl}\u0000${options.clientId}\u0000${options.clientSecret}`)
    .digest('hex');
  const cached = tokens.get(key);
  if (!renew && cached && cached.expiresAt > Date.now()) return cached.value;
  let response: Response;
  try {
    response = await options.fetch(options.tokenUrl, {
      method: 'POST',
      headers: tokenHeaders(options),
      body: tokenForm(options).toString(),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch {
    throw platformUnavailable();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw platformRefusal('jeton', response.status, body);
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  if (typeof fields.access_token !== 'string' || fields.access_token === '') {
    throw unexpectedAnswer(options.log, 'token', 'access_token');
  }
  const lifetimeS =
    typeof fields.expires_in === 'number' && fields.expires_in > 0 ? fields.expires_in : DEFAULT_LIFETIME_S;
  tokens.set(key, {
    value: fields.access_token,
    expiresAt: Date.now() + Math.max(lifetimeS * 1000 - EXPIRY_MARGIN_MS, 1000),
  });
  return fields.access_token;
}

function tokenHeaders(options: TokenOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  if (options.clientAuth === 'basic') headers.authorization = basicAuthorization(options);
  return headers;
}

function tokenForm(options: TokenOptions): URLSearchParams {
  const form = new URLSearchParams({ grant_type: 'client_credentials' });
  if (options.clientAuth === 'corps') {
    form.set('client_id', options.clientId);
    form.set('client_secret', options.clientSecret);
  }
  return form;
}
