import { type Purchase, purchaseSchema } from '@facturo/shared';
import { uploadRawFile } from '../../lib/api-upload';

/** PUT /api/achats/{id}/justificatif with the file as the raw body, reporting the upload's progress (0 to 1). */
export function uploadReceipt(
  purchaseId: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<Purchase> {
  return uploadRawFile({
    method: 'PUT',
    path: `/achats/${encodeURIComponent(purchaseId)}/justificatif`,
    file,
    schema: purchaseSchema,
    onProgress,
  });
}
