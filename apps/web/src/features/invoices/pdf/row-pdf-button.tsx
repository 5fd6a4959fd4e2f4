import type { Invoice } from '@facturo/shared';
import { FileDown } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { usePdfDownload } from './use-pdf-download';

/**
 * The "PDF" of a list row (SPEC §2), a real download. It sits above the row's stretched link (z-10) as
 * its sibling, never inside the <a>: a click saves the file and does not open the invoice. Busy rather
 * than disabled while it runs, so keyboard focus stays on it.
 */
export function RowPdfButton({ invoice }: { invoice: Pick<Invoice, '_id' | 'numero'> }) {
  const { run, pending } = usePdfDownload(invoice);
  return (
    <button
      type="button"
      aria-label={`Télécharger le PDF de la facture ${invoice.numero}`}
      aria-busy={pending || undefined}
      aria-disabled={pending || undefined}
      onClick={() => void run()}
      className="relative z-10 inline-flex h-8 items-center gap-1 rounded-md border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 hover:border-indigo-300 hover:bg-indigo-50 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 aria-disabled:cursor-wait aria-disabled:opacity-60"
    >
      {/* Both 16 px, so the row does not shift while the file comes. */}
      {pending ? <Spinner /> : <FileDown className="size-4" aria-hidden="true" />}
      PDF
    </button>
  );
}
