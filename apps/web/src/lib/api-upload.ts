import type { z } from 'zod';
import { endSessionOnRefusal } from './api';
import { type ApiError, networkError, toApiError, unexpectedResponseError } from './api-error';
import { readToken } from './session-store';

export interface RawUpload<T> {
  method: 'POST' | 'PUT';
  /** Under /api. */
  path: string;
  file: File;
  /** What the server answers on success. */
  schema: z.ZodType<T>;
  /** 0 to 1, as the bytes leave. */
  onProgress: (fraction: number) => void;
  /** Turns a refusal into the error the caller throws (default: the ApiError itself); `body` is the answer. */
  refusal?: (error: ApiError, body: unknown) => Error;
}

/**
 * Sends a file as the raw request body (the server reads its type from the bytes; its name travels
 * beside it in `X-Nom-Fichier`, percent-encoded, a header being ASCII), reporting the upload's progress.
 * XMLHttpRequest, not fetch: fetch tells nothing of a request body's progress, and a scan or a PDF of a few
 * megabytes on a phone's connection needs a bar. Errors are the API client's, and a refused token ends
 * the session as the API client does.
 */
export function uploadRawFile<T>({
  method,
  path,
  file,
  schema,
  onProgress,
  refusal,
}: RawUpload<T>): Promise<T> {
  const refuse = refusal ?? ((error: ApiError) => error);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, `/api${path}`);
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.setRequestHeader('X-Nom-Fichier', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(refuse(networkError(), undefined));
    request.onabort = () => reject(refuse(networkError(), undefined));
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const parsed = schema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(refuse(unexpectedResponseError(request.status), body));
        return;
      }
      const error = toApiError(request.status, body);
      if (token) endSessionOnRefusal(request.status, error.errorType);
      reject(refuse(error, body));
    };
    onProgress(0);
    request.send(file);
  });
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
