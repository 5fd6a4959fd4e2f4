import { formatEuros, formatVatRate, type VatBreakdownEntryCents } from '@facturo/shared';
import { cn } from '../../../components/ui/cn';

interface LineTotalsProps {
  htCents: number;
  vatCents: number;
  ttcCents: number;
  breakdown: readonly VatBreakdownEntryCents[];
  /** False under the franchise and for exempt sales: only "Total HT" and "Net à payer" (issue 12). */
  chargesVat: boolean;
  className?: string;
}

const euros = (cents: number) => formatEuros(cents / 100);

/** The running totals of the lines step: the VAT of each rate, Total HT, TVA and TTC, from the shared computation. */
export function LineTotals({
  htCents,
  vatCents,
  ttcCents,
  breakdown,
  chargesVat,
  className,
}: LineTotalsProps) {
  return (
    <section
      aria-label="Totaux de la facture"
      className={cn('ml-auto w-full max-w-sm rounded-xl bg-slate-50 p-4 text-sm tabular-nums', className)}
    >
      <dl className="space-y-1">
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">Total HT</dt>
          <dd className="font-medium text-slate-900">{euros(htCents)}</dd>
        </div>
        {chargesVat &&
          breakdown.map((entry) => (
            <div key={entry.taux} className="flex justify-between gap-4">
              <dt className="text-slate-700">TVA {formatVatRate(entry.taux)} :</dt>
              <dd className="text-slate-900">{euros(entry.montantTVACents)}</dd>
            </div>
          ))}
        {chargesVat && (
          <div className="flex justify-between gap-4">
            <dt className="text-slate-700">TVA</dt>
            <dd className="font-medium text-slate-900">{euros(vatCents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base">
          <dt className="font-semibold text-slate-900">{chargesVat ? 'Total TTC' : 'Net à payer'}</dt>
          <dd className="font-bold text-slate-900">{euros(chargesVat ? ttcCents : htCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
