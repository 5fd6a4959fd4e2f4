import { type SupplierInvoice, supplierInvoiceSchema } from '@facturo/shared';
import type { ApiError } from '../../lib/api-error';
import { uploadRawFile } from '../../lib/api-upload';

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
 * POST /api/factures-fournisseurs with the file as the raw body, reporting the upload's progress (0 to 1).
 * The server reads the type from the bytes, so a PDF or an XML goes as it is.
 */
export function uploadSupplierInvoice(
  file: File,
  onProgress: (fraction: number) => void,
): Promise<SupplierInvoice> {
  return uploadRawFile({
    method: 'POST',
    path: '/factures-fournisseurs',
    file,
    schema: supplierInvoiceSchema,
    onProgress,
    refusal: (error, body) => new SupplierInvoiceUploadError(error, existingIdOf(body)),
  });
}

/** The 409 of a duplicate names the invoice already received. */
function existingIdOf(body: unknown): string | null {
  const existing =
    typeof body === 'object' && body !== null && 'factureFournisseurId' in body
      ? body.factureFournisseurId
      : null;
  return typeof existing === 'string' ? existing : null;
}
