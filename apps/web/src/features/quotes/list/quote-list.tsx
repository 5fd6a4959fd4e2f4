import type { QuoteListItem } from '@facturo/shared';
import { FileX } from 'lucide-react';
import { PagedVirtualList } from '../../../components/list/paged-virtual-list';
import { LoadError } from '../../../components/ui/load-error';
import { LoadingStatus } from '../../../components/ui/loading-status';
import type { PagedList } from '../../../lib/paged-list';
import { NO_QUOTES_TEXT, noQuotesText, QUOTES_LOAD_ERROR, quotesCountText } from '../messages';
import { QuoteRow } from './quote-row';

/**
 * One list of the page (Envoi, Réception) in its four states: loading, failed, empty, quotes; the rows a
 * page at a time, drawn as they come near the screen (issue 16).
 */
export function QuoteList({ list, search }: { list: PagedList<QuoteListItem>; search: string }) {
  const { query, items } = list;
  if (query.isPending) return <LoadingStatus>Chargement des devis...</LoadingStatus>;
  if (query.isError) return <LoadError message={QUOTES_LOAD_ERROR} query={query} />;
  if (items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
        <FileX className="mx-auto size-10 text-slate-400" aria-hidden="true" />
        <p className="mt-3 text-slate-700">{search ? noQuotesText(search) : NO_QUOTES_TEXT}</p>
      </div>
    );
  }
  return (
    <PagedVirtualList
      list={list}
      getKey={(quote) => quote._id}
      renderItem={(quote) => <QuoteRow quote={quote} />}
      countText={quotesCountText}
      estimateRowHeight={110}
      gap={12}
      className="flex flex-col gap-3"
    />
  );
}
