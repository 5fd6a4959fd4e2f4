import { setTimeout as wait } from 'node:timers/promises';
import { AppError } from '../../../lib/errors.js';
import { isTransientStatus, platformUnavailable } from './platform-errors.js';
import { accessToken, type TokenOptions } from './token.js';

export interface PlatformFetchOptions {
  token: TokenOptions;
  /** Per request; a platform slower than this is taken for unavailable. */
  timeoutMs: number;
  /** Tries of a read (GET, a search) in all; writes are tried once here (their jobs retry them). */
  readTries: number;
  /** First wait before a read is tried again, doubled at each try. */
  retryDelayMs: number;
}

/**
 * The `fetch` the typed clients (openapi-fetch) go through: each request with a bearer token, renewed and
 * sent once more on a 401; a timeout; idempotent reads tried again with exponential back-off when the
 * platform is down or busy. A network failure or timeout that remains is a 503 platform_unavailable.
 */
export function platformFetch(options: PlatformFetchOptions): (request: Request) => Promise<Response> {
  return async (request) => {
    const tries = isRead(request) ? Math.max(options.readTries, 1) : 1;
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= tries;
      try {
        const response = await authorized(options, request.clone());
        if (last || !isTransientStatus(response.status)) return response;
        await response.body?.cancel();
      } catch (error) {
        // A refusal (bad credentials) stays one; only an unreachable platform is worth another try.
        if (last || !(error instanceof AppError && error.status === 503)) throw error;
      }
      await wait(options.retryDelayMs * 2 ** (attempt - 1));
    }
  };
}

/** One try: the cached token, or a new one once when the platform answers 401 to it. */
async function authorized(options: PlatformFetchOptions, request: Request): Promise<Response> {
  const retry = request.clone();
  const first = await send(options, request, await accessToken(options.token));
  if (first.status !== 401) return first;
  await first.body?.cancel();
  return send(options, retry, await accessToken(options.token, true));
}

async function send(options: PlatformFetchOptions, request: Request, token: string): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.set('authorization', `Bearer ${token}`);
  try {
    return await options.token.fetch(
      new Request(request, { headers, signal: AbortSignal.timeout(options.timeoutMs) }),
    );
  } catch {
    throw platformUnavailable();
  }
}

/** Reads change nothing on the platform: trying them again is always safe. */
function isRead(request: Request): boolean {
  return request.method === 'GET' || new URL(request.url).pathname.endsWith('/search');
}
