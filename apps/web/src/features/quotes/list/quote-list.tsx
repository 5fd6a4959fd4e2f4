import type { QuoteListItem } from '@facturo/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { FileX } from 'lucide-react';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import { sortNewestFirst } from '../../invoices/list/invoice-rows';
import { NO_QUOTES_TEXT, QUOTES_LOAD_ERROR } from '../messages';
import { QuoteRow } from './quote-row';

/** One list of the page (Envoi, Réception) in its four states: loading, failed, empty, quotes. */
export function QuoteList({ query }: { query: UseQueryResult<QuoteListItem[]> }) {
  if (query.isPending) return <LoadingStatus>Chargement des devis...</LoadingStatus>;
  if (query.isError) return <LoadError message={QUOTES_LOAD_ERROR} query={query} />;
  if (query.data.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <FileX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-slate-700">{NO_QUOTES_TEXT}</p>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {sortNewestFirst(query.data).map((quote) => (
        <QuoteRow key={quote._id} quote={quote} />
      ))}
    </ul>
  );
}
