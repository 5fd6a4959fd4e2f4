import { formatEuros, monthLabel, type UrssafPeriodCode, type UrssafSummary } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { FranchiseGauge } from '../profile/franchise-gauge';
import { urssafQueryOptions } from './api';
import { UrssafActivitySelect } from './urssaf-activity-select';
import { UrssafPeriodPicker } from './urssaf-period-picker';

const percent = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });

/** The quarter of a YYYY-MM-DD day: the default period to declare. */
function quarterOf(day: string): UrssafPeriodCode {
  return `T${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}` as UrssafPeriodCode;
}

/**
 * The micro-entrepreneur's revenue helper: what was collected per quarter and month of a year, the amount to
 * declare for a period and the contribution at the year's rate of their activity, then the franchise gauge.
 */
export function UrssafHelper({ today }: { today: string }) {
  const currentYear = Number(today.slice(0, 4));
  const [year, setYear] = useState(currentYear);
  const [period, setPeriod] = useState<UrssafPeriodCode>(quarterOf(today));
  const summary = useQuery(urssafQueryOptions(year, period));
  return (
    <section
      aria-labelledby="urssaf-title"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="urssaf-title" className="text-base font-semibold text-slate-900">
          Déclaration URSSAF
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Le chiffre d’affaires à déclarer est celui encaissé pendant la période (paiements confirmés).
        </p>
      </div>
      <UrssafPeriodPicker
        year={year}
        currentYear={currentYear}
        period={period}
        onYear={setYear}
        onPeriod={setPeriod}
      />
      {summary.isPending ? (
        <LoadingStatus>Chargement du chiffre d’affaires...</LoadingStatus>
      ) : summary.isError ? (
        <LoadError message="Erreur lors du chargement du chiffre d’affaires" query={summary} />
      ) : (
        <UrssafFigures summary={summary.data} />
      )}
      <FranchiseGauge />
    </section>
  );
}

function UrssafFigures({ summary }: { summary: UrssafSummary }) {
  const { periode, cotisation } = summary;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <UrssafActivitySelect activity={summary.activite} />
        <dl className="grid gap-3" aria-live="polite">
          <div className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">À déclarer pour {periode.libelle}</dt>
            <dd className="text-xl font-semibold tabular-nums text-slate-900">
              {formatEuros(periode.montantADeclarer)}
            </dd>
          </div>
          <div className="rounded-md bg-slate-50 p-3">
            <dt className="text-sm text-slate-700">Cotisations sociales estimées</dt>
            {cotisation ? (
              <>
                <dd className="text-xl font-semibold tabular-nums text-slate-900">
                  {formatEuros(cotisation.montant)}
                </dd>
                <dd className="text-xs text-slate-600">
                  Taux {summary.annee} : {percent.format(cotisation.taux)} % · Source : {cotisation.source}
                </dd>
              </>
            ) : (
              <dd className="text-sm text-slate-700">Choisissez votre activité pour les calculer.</dd>
            )}
          </div>
        </dl>
      </div>
      <table className="w-full self-start text-left text-sm">
        <caption className="text-left text-sm font-medium text-slate-800">
          Encaissé en {summary.annee}, par mois et par trimestre
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Période</th>
            <th scope="col">Encaissé</th>
          </tr>
        </thead>
        {summary.trimestres.map((quarter) => (
          <tbody key={quarter.trimestre} className="border-t border-slate-200">
            {summary.mois.slice((quarter.trimestre - 1) * 3, quarter.trimestre * 3).map((month) => (
              <tr key={month.mois}>
                <th scope="row" className="py-1 pr-3 font-normal text-slate-700">
                  {monthLabel(month.mois)}
                </th>
                <td className="py-1 text-right tabular-nums">{formatEuros(month.encaisse)}</td>
              </tr>
            ))}
            <tr className="font-semibold text-slate-900">
              <th scope="row" className="py-1 pr-3">
                Trimestre {quarter.trimestre}
              </th>
              <td className="py-1 text-right tabular-nums">{formatEuros(quarter.encaisse)}</td>
            </tr>
          </tbody>
        ))}
      </table>
    </div>
  );
}
