import { formatEuros, type InvoiceListItem } from '@facturo/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateFr } from '../dates';
import { LifeBadge, LifeFlags } from '../life-badge';
import { RowPdfButton } from '../pdf/row-pdf-button';
import { TypeBadge } from '../type-badge';

interface InvoiceRowProps {
  invoice: InvoiceListItem;
  /** The client on issued invoices, the issuer on received ones. */
  party: string;
  /** The list shows TTC; a client's section shows "x.xx € HT" (SPEC §2); a credit note's is negative. */
  amount: ReactNode;
}

/**
 * One invoice of a list (SPEC §2). The number is the real link and its ::after covers the row, so the
 * whole row opens the invoice with one tab stop; the PDF button is a second, separate control lifted
 * above that cover (links and buttons must not nest). The list puts it in its <li>.
 */
export function InvoiceRow({ invoice, party, amount }: InvoiceRowProps) {
  return (
    <div className="relative flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-indigo-400 hover:border-indigo-300 sm:flex-row sm:items-center sm:gap-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <Link
            to={`/factures/${encodeURIComponent(invoice._id)}`}
            className="font-semibold text-slate-900 tabular-nums after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-indigo-600"
          >
            {invoice.numero}
          </Link>
          <TypeBadge type={invoice.type} />
          <span className="truncate text-sm font-medium text-slate-700">{party}</span>
        </div>
        <p className="mt-1 truncate text-sm text-slate-600">{invoice.libelle}</p>
        <p className="mt-1 text-xs text-slate-600">
          {invoice.type === 'avoir' ? (
            // A credit note is owed by nobody: what it corrects says more than a due date.
            <>
              Émis le {formatDateFr(invoice.dateEmission)}
              {invoice.factureOrigine && <> · Sur la facture {invoice.factureOrigine.numero}</>}
            </>
          ) : (
            <>
              Émise le {formatDateFr(invoice.dateEmission)} · Échéance le {formatDateFr(invoice.dateEcheance)}
            </>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:flex-col sm:items-end sm:gap-1.5">
        <span className="text-base font-semibold whitespace-nowrap text-slate-900 tabular-nums">
          {amount}
        </span>
        {invoice.montantPaye > 0 && invoice.resteAPayer > 0 && (
          // Partly paid (issue 17): what is still expected.
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
            Reste à payer : {formatEuros(invoice.resteAPayer)}
          </span>
        )}
        {invoice.montantAcomptes > 0 && (
          // A final invoice: its deposits were invoiced already, this is what is left to pay.
          <span className="text-xs whitespace-nowrap text-slate-600 tabular-nums">
            Net à payer : {formatEuros(invoice.netAPayer)}
          </span>
        )}
        <div className="flex flex-wrap items-center gap-2">
          <LifeFlags life={invoice.cycle} />
          <LifeBadge life={invoice.cycle} />
          <RowPdfButton invoice={invoice} />
        </div>
      </div>
    </div>
  );
}
