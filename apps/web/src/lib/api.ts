import type { z } from 'zod';
import { type ApiError, networkError, toApiError, unexpectedResponseError } from './api-error';
import { takeEarlyResponse } from './early-responses';
import { clearSession, readToken } from './session-store';
import { isBannedAnswer, rememberSignedOutReason } from './signed-out-reason';

const API_BASE = '/api';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/*
 * The router registers how to go to /login; until then (or outside React) a full page load does it.
 * Kept as a setter so this module does not depend on the router.
 */
let goToLogin: () => void = () => window.location.assign('/login');

export function setUnauthorizedHandler(handler: () => void): void {
  goToLogin = handler;
}

/** The token is expired or revoked (SPEC §6): forget the session and go to /login. */
export function endExpiredSession(): void {
  clearSession();
  goToLogin();
}

/** The account was suspended while a page was open: /login says so instead of « Session expirée ». */
export function endBannedSession(): void {
  rememberSignedOutReason('suspendu');
  endExpiredSession();
}

/** What every authenticated call does with a refusal that ends the session (401, or 403 for a ban). */
export function endSessionOnRefusal(status: number, errorType: string | undefined): void {
  if (isBannedAnswer(status, errorType)) endBannedSession();
  else if (status === 401) endExpiredSession();
}

export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

interface SendOptions {
  body?: unknown;
  /** A file sent as the raw body with its own Content-Type (an uploaded image), instead of JSON. */
  file?: Blob;
  /** What the caller can read back: JSON for the API's data, e.g. application/pdf for a document. */
  accept?: string;
}

/**
 * Sends one request with the session's token and hands back a 2xx response untouched. Anything else
 * becomes an ApiError built from the JSON error body; shared by JSON calls and file downloads so both
 * end the session the same way.
 */
export async function apiSend(
  method: Method,
  path: string,
  { body, file, accept = 'application/json' }: SendOptions = {},
): Promise<Response> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: accept };
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    // The first screen's reads may already be on their way, sent by the HTML itself (early-responses.ts).
    const early =
      method === 'GET' && accept === 'application/json' ? takeEarlyResponse(path, token) : undefined;
    response = await (early ??
      fetch(`${API_BASE}${path}`, {
        method,
        headers,
        body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      }));
  } catch {
    throw networkError();
  }
  if (response.ok) return response;

  const error: ApiError = toApiError(response.status, await readJson(response));
  // A 401 on an authenticated call means the token is expired or revoked (SPEC §6): end the session.
  // Calls made without a token (login with a wrong password) keep their own 401 handling.
  if (token) endSessionOnRefusal(response.status, error.errorType);
  throw error;
}

/**
 * Calls the API and validates the answer with `schema`, so callers get typed data or an ApiError,
 * never an unchecked cast.
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  schema: z.ZodType<T>,
  body?: unknown,
): Promise<T> {
  const response = await apiSend(method, path, { body });
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw unexpectedResponseError(response.status);
  return parsed.data;
}

export const apiGet = <T>(path: string, schema: z.ZodType<T>) => apiRequest('GET', path, schema);
export const apiPost = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
  apiRequest('POST', path, schema, body);
export const apiPut = <T>(path: string, body: unknown, schema: z.ZodType<T>) =>
  apiRequest('PUT', path, schema, body);
/** DELETE answers 204 without a body: anything else than an empty answer is unexpected. */
export async function apiDelete(path: string): Promise<void> {
  const response = await apiSend('DELETE', path);
  if ((await readJson(response)) !== undefined) throw unexpectedResponseError(response.status);
}
