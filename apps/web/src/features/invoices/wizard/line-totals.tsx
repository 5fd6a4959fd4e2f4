import { formatEuros } from '@facturo/shared';

interface LineTotalsProps {
  htCents: number;
  vatCents: number;
  ttcCents: number;
}

/** Total HT, TVA (0 %), Total TTC (SPEC §5: VAT 0 %, so TTC = HT), from the shared computation. */
export function LineTotals({ htCents, vatCents, ttcCents }: LineTotalsProps) {
  const euros = (cents: number) => formatEuros(cents / 100);
  return (
    <dl className="ml-auto w-full max-w-xs space-y-1 rounded-xl bg-slate-50 p-4 text-sm tabular-nums">
      <div className="flex justify-between gap-4">
        <dt className="text-slate-700">Total HT</dt>
        <dd className="font-medium text-slate-900">{euros(htCents)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-slate-700">TVA (0 %)</dt>
        <dd className="font-medium text-slate-900">{euros(vatCents)}</dd>
      </div>
      <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base">
        <dt className="font-semibold text-slate-900">Total TTC</dt>
        <dd className="font-bold text-slate-900">{euros(ttcCents)}</dd>
      </div>
    </dl>
  );
}
