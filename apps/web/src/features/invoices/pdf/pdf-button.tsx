import type { Invoice } from '@facturo/shared';
import { FileDown } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { DownloadedFile } from '../../../lib/api-download';
import { usePdfDownload } from './use-pdf-download';

/**
 * The detail's "PDF" (issuer and recipient alike): the Factur-X file, as sent by e-mail. While it
 * downloads the button says so without being disabled, so keyboard focus stays where it was.
 */
export function PdfButton({
  invoice,
  fetchPdf,
}: {
  invoice: Pick<Invoice, '_id' | 'numero'>;
  /** Another document's PDF (a quote's); the invoice's by default. */
  fetchPdf?: (id: string) => Promise<DownloadedFile>;
}) {
  const { run, pending } = usePdfDownload(invoice, fetchPdf);
  return (
    // "PDF" alone says what, not what happens: the name adds the verb and keeps the visible word.
    <Button
      variant="secondary"
      aria-label="Télécharger le PDF"
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={() => void run()}
      className="aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      {pending ? <Spinner /> : <FileDown className="size-4" aria-hidden="true" />}
      PDF
    </Button>
  );
}
