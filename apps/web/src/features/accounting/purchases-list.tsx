import { formatEuros, PAYMENT_METHOD_LABELS, type Purchase, type PurchaseList } from '@facturo/shared';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import { formatDateFr } from '../invoices/dates';
import { monthLabel } from './purchases-period';
import { PurchaseReceiptLink } from './purchases-receipt-link';

interface PurchasesListProps {
  list: PurchaseList;
  onEdit: (purchase: Purchase) => void;
  onDelete: (purchase: Purchase) => void;
}

type MonthTotals = PurchaseList['mois'][number];

/** The period's purchases by month, each month closed by its totals, then the period's. */
export function PurchasesList({ list, onEdit, onDelete }: PurchasesListProps) {
  const months = list.mois.map((month) => ({
    ...month,
    achats: list.achats.filter((purchase) => purchase.dateAchat.startsWith(month.mois)),
  }));
  return (
    <>
      {/* From 768 px: one table, a header row per month. */}
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Achats de la période, par mois, avec leurs totaux</caption>
          <thead className="border-b border-slate-200 text-slate-700">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Date
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Fournisseur
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Paiement
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                HT
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                TVA
              </th>
              <th scope="col" className="py-2 pr-3 text-right font-medium">
                TTC
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Justificatif
              </th>
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          {months.map((month) => (
            <tbody key={month.mois} className="border-b border-slate-200">
              <tr>
                <th scope="rowgroup" colSpan={8} className="pt-4 pb-1 font-semibold text-slate-900">
                  {monthLabel(month.mois)}
                </th>
              </tr>
              {month.achats.map((purchase) => (
                <tr key={purchase._id} className="border-t border-slate-100 align-top">
                  <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                    {formatDateFr(purchase.dateAchat)}
                  </td>
                  <td className="py-2 pr-3">
                    <p className="font-medium text-slate-900">{purchase.fournisseur}</p>
                    {purchase.description && <p className="text-slate-600">{purchase.description}</p>}
                  </td>
                  <td className="py-2 pr-3">{PAYMENT_METHOD_LABELS[purchase.methode]}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {formatEuros(purchase.montantHT)}
                  </td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {formatEuros(purchase.montantTVA)}
                  </td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                    {formatEuros(purchase.montantTTC)}
                  </td>
                  <td className="max-w-40 py-1 pr-3">
                    <PurchaseReceiptLink purchase={purchase} compact />
                  </td>
                  <td className="py-1">
                    <RowActions purchase={purchase} onEdit={onEdit} onDelete={onDelete} />
                  </td>
                </tr>
              ))}
              <TotalsRow label={`Total ${monthLabel(month.mois).toLowerCase()}`} totals={month} />
            </tbody>
          ))}
          <tfoot>
            <TotalsRow label="Total de la période" totals={list.totaux} strong />
          </tfoot>
        </table>
      </div>

      {/* Below 768 px: cards, month after month. */}
      <div className="space-y-5 md:hidden">
        {months.map((month) => (
          <section key={month.mois} aria-label={monthLabel(month.mois)}>
            <h3 className="font-semibold text-slate-900">{monthLabel(month.mois)}</h3>
            <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
              {month.achats.map((purchase) => (
                <li key={purchase._id} className="space-y-1 px-3 py-2.5">
                  <div className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">{purchase.fournisseur}</p>
                      <p className="text-sm text-slate-600">
                        {formatDateFr(purchase.dateAchat)} · {PAYMENT_METHOD_LABELS[purchase.methode]}
                      </p>
                    </div>
                    <p className="font-medium whitespace-nowrap text-slate-900 tabular-nums">
                      {formatEuros(purchase.montantTTC)}
                    </p>
                  </div>
                  {purchase.description && <p className="text-sm text-slate-600">{purchase.description}</p>}
                  <p className="text-sm text-slate-600 tabular-nums">
                    HT {formatEuros(purchase.montantHT)} · TVA {formatEuros(purchase.montantTVA)}
                  </p>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="min-w-0 text-sm">
                      <PurchaseReceiptLink purchase={purchase} />
                    </div>
                    <RowActions purchase={purchase} onEdit={onEdit} onDelete={onDelete} />
                  </div>
                </li>
              ))}
            </ul>
            <MobileTotals label={`Total ${monthLabel(month.mois).toLowerCase()}`} totals={month} />
          </section>
        ))}
        <MobileTotals label="Total de la période" totals={list.totaux} />
      </div>
    </>
  );
}

function RowActions({
  purchase,
  onEdit,
  onDelete,
}: { purchase: Purchase } & Omit<PurchasesListProps, 'list'>) {
  const readOnly = useReadOnlyArchive();
  const what = `l'achat ${purchase.fournisseur} du ${formatDateFr(purchase.dateAchat)}`;
  if (readOnly) return null;
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" aria-label={`Modifier ${what}`} onClick={() => onEdit(purchase)}>
        <Pencil className="size-4" aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="sm" aria-label={`Supprimer ${what}`} onClick={() => onDelete(purchase)}>
        <Trash2 className="size-4 text-red-700" aria-hidden="true" />
      </Button>
    </div>
  );
}

function TotalsRow({
  label,
  totals,
  strong = false,
}: {
  label: string;
  totals: Pick<MonthTotals, 'montantHT' | 'montantTVA' | 'montantTTC'>;
  strong?: boolean;
}) {
  const cell = `py-2 pr-3 text-right whitespace-nowrap tabular-nums ${strong ? 'font-semibold' : 'font-medium'}`;
  return (
    <tr className="border-t border-slate-200 text-slate-900">
      <th
        scope="row"
        colSpan={3}
        className={`py-2 pr-3 text-left ${strong ? 'font-semibold' : 'font-medium'}`}
      >
        {label}
      </th>
      <td className={cell}>{formatEuros(totals.montantHT)}</td>
      <td className={cell}>{formatEuros(totals.montantTVA)}</td>
      <td className={cell}>{formatEuros(totals.montantTTC)}</td>
      <td colSpan={2} />
    </tr>
  );
}

function MobileTotals({
  label,
  totals,
}: {
  label: string;
  totals: Pick<MonthTotals, 'montantHT' | 'montantTVA' | 'montantTTC'>;
}) {
  return (
    <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-3 text-sm text-slate-900 tabular-nums">
      <dt className="font-medium">{label}</dt>
      <dd className="text-right font-medium">{formatEuros(totals.montantTTC)}</dd>
      <dt className="text-slate-600">dont HT · TVA</dt>
      <dd className="text-right text-slate-600">
        {formatEuros(totals.montantHT)} · {formatEuros(totals.montantTVA)}
      </dd>
    </dl>
  );
}
