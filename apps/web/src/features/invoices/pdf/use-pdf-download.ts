import type { Invoice } from '@facturo/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DownloadedFile } from '../../../lib/api-download';
import { saveBlob } from '../../../lib/download';
import { fetchInvoicePdf } from '../api';
import { PDF_DOWNLOAD_ERROR, serverMessageOr } from '../error-messages';
import { pdfFileName } from './pdf-file-name';

/**
 * Fetches one invoice's Factur-X PDF with the session's token and saves it; a failure is a toast.
 * Another document (a quote) gives its own `fetchPdf`.
 */
export function usePdfDownload(
  invoice: Pick<Invoice, '_id' | 'numero'>,
  fetchPdf: (id: string) => Promise<DownloadedFile> = fetchInvoicePdf,
) {
  const download = useMutation({ mutationFn: fetchPdf });

  // Awaited rather than given to mutate(): mutate()'s callbacks are dropped if the button unmounts
  // meanwhile (the list refreshed, the user moved on), and the file must still be saved.
  async function run() {
    if (download.isPending) return;
    try {
      const file = await download.mutateAsync(invoice._id);
      saveBlob(pdfFileName(file.fileName, invoice.numero), file.blob);
    } catch (error) {
      toast.error(serverMessageOr(error, PDF_DOWNLOAD_ERROR));
    }
  }

  return { run, pending: download.isPending };
}
