import { formatEuros, type QuoteListItem } from '@facturo/shared';
import { Link } from 'react-router';
import { partyWithState } from '../../counterpart/counterpart-badge';
import { formatDateFr } from '../../invoices/dates';
import { counterpartName } from '../../invoices/list/invoice-rows';
import { quoteDetailPath } from '../messages';
import { QuoteStatusBadge } from '../quote-status-badge';

/**
 * One quote of a list, laid out as an invoice row: the number is the real link and its ::after covers
 * the row, so the whole row opens the quote with one tab stop. The list puts it in its <li>.
 */
export function QuoteRow({ quote }: { quote: QuoteListItem }) {
  return (
    <div className="relative flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-indigo-400 hover:border-indigo-300 sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Link
            to={quoteDetailPath(quote._id)}
            className="font-semibold text-slate-900 tabular-nums after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-600"
          >
            {quote.numero}
          </Link>
          <span className="truncate text-sm font-medium text-slate-700">
            {partyWithState(counterpartName(quote), quote.contrepartie)}
          </span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-600">{quote.libelle}</p>
        <p className="mt-1 text-xs text-slate-600">
          Émis le {formatDateFr(quote.dateEmission)} · Valable jusqu'au {formatDateFr(quote.dateValidite)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end sm:gap-1.5">
        <span className="text-base font-semibold whitespace-nowrap text-slate-900 tabular-nums">
          {formatEuros(quote.montantTTC)}
        </span>
        <QuoteStatusBadge status={quote.statut} />
      </div>
    </div>
  );
}
