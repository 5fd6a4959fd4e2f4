import { type SupplierInvoice, supplierInvoiceSchema } from '@facturo/shared';
import { endExpiredSession } from '../../lib/api';
import { type ApiError, networkError, toApiError, unexpectedResponseError } from '../../lib/api-error';
import { readToken } from '../../lib/session-store';

/** A refusal of the upload; for a duplicate, the invoice already in the inbox (to link to it). */
export class SupplierInvoiceUploadError extends Error {
  override readonly name = 'SupplierInvoiceUploadError';
  constructor(
    readonly apiError: ApiError,
    readonly existingId: string | null,
  ) {
    super(apiError.message);
  }
}

/**
 * POST /api/factures-fournisseurs with the file as the raw body, reporting the upload's progress (0 to
 * 1). XMLHttpRequest, not fetch: fetch tells nothing of a request body's progress, and a 10 Mo PDF on a
 * phone's connection needs a bar. The server reads the type from the bytes; the name travels beside.
 */
export function uploadSupplierInvoice(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<SupplierInvoice> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/factures-fournisseurs');
    const token = readToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', 'application/octet-stream');
    request.setRequestHeader('X-Nom-Fichier', encodeURIComponent(file.name));
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    const fail = (error: ApiError, existingId: string | null = null) =>
      reject(new SupplierInvoiceUploadError(error, existingId));
    request.onerror = () => fail(networkError());
    request.onabort = () => fail(networkError());
    request.onload = () => {
      const body = parseJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        const parsed = supplierInvoiceSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else fail(unexpectedResponseError(request.status));
        return;
      }
      if (request.status === 401 && token) endExpiredSession();
      const existing =
        typeof body === 'object' && body !== null && 'factureFournisseurId' in body
          ? body.factureFournisseurId
          : null;
      fail(toApiError(request.status, body), typeof existing === 'string' ? existing : null);
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
