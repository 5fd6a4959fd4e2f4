import type { ApiErrorBody } from '@facturo/shared';

/** errorType given to failures where no HTTP answer arrived (server down, offline, CORS…). */
export const NETWORK_ERROR_TYPE = 'network_error';

/**
 * What the web keeps of an error body. errorType is a plain string because the server may add codes
 * (e.g. invoice_locked) before the shared list knows them; pages switch on the ones they care about.
 */
export interface ApiErrorDetails extends Omit<Partial<ApiErrorBody>, 'errorType' | 'message' | 'errors'> {
  errorType: string;
  message?: string;
  errors: string[];
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    readonly errorType: string,
    /** The French sentence sent by the server, when there was one: pages fall back to their own wording. */
    readonly serverMessage: string | undefined,
    readonly body: ApiErrorDetails,
  ) {
    super(serverMessage ?? `Erreur ${status === 0 ? 'réseau' : status}`);
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Used when the body carries no errorType, e.g. a proxy error page or a framework default reply. */
function errorTypeForStatus(status: number): string {
  if (status === 400) return 'validation_error';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'internal_error';
  return 'unknown_error';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** errors[] is documented as strings; objects with a message (validation issues) are tolerated too. */
function readErrorList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return item.trim() === '' ? [] : [item];
    if (isRecord(item)) {
      const message = nonEmptyString(item.message);
      return message ? [message] : [];
    }
    return [];
  });
}

function readQuota(value: unknown): ApiErrorDetails['quota'] {
  if (!isRecord(value)) return undefined;
  const { utilise, limite } = value;
  return typeof utilise === 'number' && typeof limite === 'number' ? { utilise, limite } : undefined;
}

function readFlag(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Turns a non-2xx answer (already JSON-decoded, or undefined when it was not JSON) into an ApiError. */
export function toApiError(status: number, payload: unknown): ApiError {
  const raw = isRecord(payload) ? payload : {};
  const message = nonEmptyString(raw.message);
  const details: ApiErrorDetails = {
    errorType: nonEmptyString(raw.errorType) ?? errorTypeForStatus(status),
    message,
    errors: readErrorList(raw.errors),
    requiresEmailVerification: readFlag(raw.requiresEmailVerification),
    tokenExpired: readFlag(raw.tokenExpired),
    requiresUpgrade: readFlag(raw.requiresUpgrade),
    requiresSiret: readFlag(raw.requiresSiret),
    requiresIssuerAddress: readFlag(raw.requiresIssuerAddress),
    requiresClientAddress: readFlag(raw.requiresClientAddress),
    requiresClientSiren: readFlag(raw.requiresClientSiren),
    requiresVatNumber: readFlag(raw.requiresVatNumber),
    quota: readQuota(raw.quota),
  };
  return new ApiError(status, details.errorType, message, details);
}

export function networkError(): ApiError {
  return new ApiError(0, NETWORK_ERROR_TYPE, undefined, { errorType: NETWORK_ERROR_TYPE, errors: [] });
}

/** For a 2xx answer whose body is not what the contract says: treated like a server fault. */
export function unexpectedResponseError(status: number): ApiError {
  return new ApiError(status, 'unexpected_response', undefined, {
    errorType: 'unexpected_response',
    errors: [],
  });
}
