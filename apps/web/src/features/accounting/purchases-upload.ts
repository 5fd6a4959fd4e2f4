import { type Purchase, purchaseSchema } from '@facturo/shared';
import { endExpiredSession } from '../../lib/api';
import { networkError, toApiError, unexpectedResponseError } from '../../lib/api-error';
import { readToken } from '../../lib/session-store';

/**
 * PUT /api/achats/{id}/justificatif with the file as the raw body, reporting the upload's progress
 * (0 to 1). XMLHttpRequest, not fetch: fetch tells nothing of a request body's progress, and a 5 Mo
 * scan on a phone's connection takes long enough to need a bar. Errors are the API client's ApiError.
 */
export function uploadReceipt(
  purchaseId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Purchase> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', `/api/achats/${encodeURIComponent(purchaseId)}/justificatif`);
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    // The body is only bytes: the name travels beside it, percent-encoded (a header is ASCII).
    request.setRequestHeader('X-Nom-Fichier', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(networkError());
    request.onabort = () => reject(networkError());
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const parsed = purchaseSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(unexpectedResponseError(request.status));
        return;
      }
      // As the API client does: a refused token ends the session.
      if (request.status === 401 && token) endExpiredSession();
      reject(toApiError(request.status, body));
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
