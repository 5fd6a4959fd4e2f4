import { formatEuros, formatVatRate } from '@facturo/shared';
import type { InvoiceDocumentData } from './document-data';

/**
 * Total HT, the VAT of each rate on its base (ventilationTVA), TVA and TTC. When no VAT is charged
 * (franchise, reverse charge, exemption) only "Total HT" and "Net à payer": no 0 % line (issue 12).
 */
export function DocumentTotals({ invoice, accent }: { invoice: InvoiceDocumentData; accent: string }) {
  const withVat = invoice.categorieTVA === 'S';
  return (
    <dl className="w-full space-y-1 tabular-nums sm:ml-auto sm:max-w-xs">
      <div className="flex justify-between gap-4">
        <dt>Total HT</dt>
        <dd>{formatEuros(invoice.montantHT)}</dd>
      </div>
      {withVat &&
        invoice.ventilationTVA.map((entry) => (
          <div key={entry.taux} className="flex justify-between gap-4 text-slate-700">
            <dt>
              TVA {formatVatRate(entry.taux)} sur {formatEuros(entry.baseHT)}
            </dt>
            <dd>{formatEuros(entry.montantTVA)}</dd>
          </div>
        ))}
      {withVat && (
        <div className="flex justify-between gap-4">
          <dt>Total TVA</dt>
          <dd>{formatEuros(invoice.montantTVA)}</dd>
        </div>
      )}
      <div
        className="flex justify-between gap-4 border-t-2 pt-1 text-base font-bold text-slate-900"
        style={{ borderColor: accent }}
      >
        <dt>{withVat ? 'Total TTC' : 'Net à payer'}</dt>
        <dd>{formatEuros(withVat ? invoice.montantTTC : invoice.montantHT)}</dd>
      </div>
    </dl>
  );
}
