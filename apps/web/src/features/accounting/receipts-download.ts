import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DownloadedFile } from '../../lib/api-download';
import { saveBlob } from '../../lib/download';
import { serverMessageOr } from '../invoices/error-messages';

/**
 * Fetches a file of the books with the session's token and saves it under the server's name (else
 * `fallbackName`); a refusal is a toast with the server's sentence (e.g. the FEC without a SIRET).
 */
export function useBooksDownload<T>(fetchFile: (arg: T) => Promise<DownloadedFile>, failure: string) {
  const download = useMutation({ mutationFn: fetchFile });

  // Awaited rather than given to mutate(): its callbacks are dropped if the button unmounts meanwhile.
  async function run(arg: T, fallbackName: string) {
    if (download.isPending) return;
    try {
      const file = await download.mutateAsync(arg);
      saveBlob(file.fileName ?? fallbackName, file.blob);
    } catch (error) {
      toast.error(serverMessageOr(error, failure));
    }
  }

  return { run, pending: download.isPending };
}
