import { formatEuros } from '@facturo/shared/money';

const LINES = [
  { description: 'Site vitrine : conception et intégration', quantity: 1, unitPrice: 1200 },
  { description: 'Maintenance mensuelle', quantity: 2, unitPrice: 125 },
];
const TOTAL = LINES.reduce((sum, line) => sum + line.quantity * line.unitPrice, 0);

/**
 * An invoice drawn in HTML and CSS rather than a screenshot: no bytes to download, no layout shift, sharp at
 * every size. Screen readers get one sentence instead of a table of sample data.
 */
export function InvoicePreview() {
  return (
    <div
      role="img"
      aria-label={`Exemple de facture Facturo : n° FAC-2026-0042, ${formatEuros(TOTAL)}, au format Factur-X, payée`}
      className="relative mx-auto w-full max-w-md"
    >
      <div
        aria-hidden="true"
        className="absolute -inset-4 rounded-3xl bg-linear-to-tr from-indigo-200/60 to-sky-100/60 blur-2xl"
      />
      <div className="relative rounded-2xl border border-slate-200 bg-white p-5 text-xs text-slate-700 shadow-xl sm:p-7 sm:text-sm">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">Camille Roux EI</p>
            <p className="text-slate-600">Développement web · Lyon</p>
            <p className="text-slate-600">SIRET 123 456 782 00010</p>
          </div>
          <div className="text-right">
            <p className="font-bold tracking-wide text-indigo-700">FACTURE</p>
            <p className="font-medium text-slate-900">FAC-2026-0042</p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <span className="rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
            Payée le 28 mars
          </span>
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 ring-inset">
            Factur-X
          </span>
        </div>
        <div className="mt-4 grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3">
          <div className="min-w-0">
            <p className="text-slate-600">Facturé à</p>
            <p className="font-medium text-slate-900">Atelier Lumen</p>
          </div>
          <div className="min-w-0">
            <p className="text-slate-600">Échéance</p>
            <p className="font-medium text-slate-900">2 avril 2026 · 30 jours</p>
          </div>
        </div>
        <div className="mt-4 divide-y divide-slate-100 border-y border-slate-200">
          {LINES.map((line) => (
            <div key={line.description} className="flex justify-between gap-3 py-2">
              <span className="min-w-0">
                {line.description}
                <span className="block text-slate-600">
                  {line.quantity} × {formatEuros(line.unitPrice)}
                </span>
              </span>
              <span className="shrink-0 font-medium text-slate-900">
                {formatEuros(line.quantity * line.unitPrice)}
              </span>
            </div>
          ))}
        </div>
        <div className="mt-3 flex items-baseline justify-between gap-3">
          <span className="font-medium text-slate-900">Total à payer</span>
          <span className="text-lg font-bold text-slate-900 sm:text-xl">{formatEuros(TOTAL)}</span>
        </div>
        <p className="mt-4 border-t border-dashed border-slate-200 pt-3 text-slate-600">
          TVA non applicable, art. 293 B du CGI. Pénalités de retard : trois fois le taux d'intérêt légal.
          Indemnité forfaitaire pour frais de recouvrement : 40 €.
        </p>
      </div>
    </div>
  );
}
