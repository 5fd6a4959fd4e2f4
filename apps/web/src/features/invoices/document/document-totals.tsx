import { formatEuros, formatVatRate } from '@facturo/shared';
import { formatDateFr } from '../dates';
import { formatSignedEuros } from '../document-kind';
import type { InvoiceDocumentData } from './document-data';

/**
 * Total HT, the VAT of each rate on its base (ventilationTVA), TVA and TTC. When no VAT is charged
 * (franchise, reverse charge, exemption) only "Total HT" and "Net à payer": no 0 % line (issue 12).
 * A final invoice (issue 15) then deducts the deposits already invoiced, each with its number and date
 * (net of their credit notes), and ends on « Net à payer » (BT-115). Worded as the PDF.
 */
export function DocumentTotals({ invoice, accent }: { invoice: InvoiceDocumentData; accent: string }) {
  const withVat = invoice.categorieTVA === 'S';
  const deposits = invoice.acomptes ?? [];
  const deducts = deposits.length > 0;
  // A deposit partly credited is deducted net of its credit notes: the rows must still add up (as the PDF).
  const listedCents = deposits.reduce((sum, deposit) => sum + Math.round(deposit.montantTTC * 100), 0);
  const creditedBackCents = listedCents - Math.round((invoice.montantAcomptes ?? 0) * 100);
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
        <dt>{closingLabel(invoice, withVat, deducts)}</dt>
        <dd>{formatEuros(withVat ? invoice.montantTTC : invoice.montantHT)}</dd>
      </div>
      {deducts && (
        <>
          {deposits.map((deposit) => (
            <div key={deposit._id} className="flex justify-between gap-4 text-slate-700">
              <dt>
                Acompte {deposit.numero} du {formatDateFr(deposit.dateEmission)}
              </dt>
              <dd>{formatSignedEuros(-deposit.montantTTC)}</dd>
            </div>
          ))}
          {creditedBackCents > 0 && (
            <div className="flex justify-between gap-4 text-slate-700">
              <dt>Avoirs sur acomptes</dt>
              <dd>+{formatEuros(creditedBackCents / 100)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-slate-300 pt-1 text-base font-bold text-slate-900">
            <dt>Net à payer</dt>
            <dd>{formatEuros(invoice.netAPayer ?? invoice.montantTTC)}</dd>
          </div>
        </>
      )}
    </dl>
  );
}

/** The last line of the totals: only an invoice owes its total; a credit note or a quote owes nothing yet. */
function closingLabel(invoice: InvoiceDocumentData, withVat: boolean, deducts: boolean): string {
  if (withVat) return 'Total TTC';
  if (invoice.type === 'avoir') return 'Montant de l’avoir';
  if (invoice.type === 'devis') return 'Montant du devis';
  return deducts ? 'Total' : 'Net à payer';
}
