import { type EreportingData, type EreportingPeriod, formatEuros } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ApiError } from '../../lib/api-error';
import { ereportingDetailQueryOptions, useSubmitEreportingMutation } from './ereporting-api';
import { ereportingDayLabel, ereportingPeriodLabel, ereportingRateLabel } from './ereporting-format';

const CATEGORY_LABELS = { particulier: 'Particulier', international: 'Étranger' } as const;

/** One period's data as it will be (or was) transmitted, and its submission behind a confirmation. */
export function EreportingReview({ code }: { code: string }) {
  const detail = useQuery(ereportingDetailQueryOptions(code));
  if (detail.isPending)
    return (
      <div className="px-3 pb-3">
        <LoadingStatus>Chargement des données…</LoadingStatus>
      </div>
    );
  if (detail.isError) {
    return (
      <div className="px-3 pb-3">
        <LoadError message="Impossible de charger les données de cette période." query={detail} />
      </div>
    );
  }
  const { periode, donnees } = detail.data;
  return (
    <div className="space-y-4 border-t border-slate-100 bg-slate-50 px-3 py-4">
      <SubmitBar periode={periode} />
      <Totals data={donnees} />
      <ByDay data={donnees} />
      <Sales data={donnees} />
      <Payments data={donnees} />
    </div>
  );
}

function SubmitBar({ periode }: { periode: EreportingPeriod }) {
  const submit = useSubmitEreportingMutation();
  const [confirming, setConfirming] = useState(false);
  const label = ereportingPeriodLabel(periode);
  if (periode.etat === 'en_cours') {
    return <p className="text-sm text-slate-700">Période en cours : elle pourra être transmise à sa fin.</p>;
  }
  if (periode.etat !== 'a_soumettre') {
    return (
      <p className="text-sm text-slate-700">
        Transmise le {new Date(periode.soumisLe ?? '').toLocaleDateString('fr-FR')}.{' '}
        {periode.etat === 'deposee'
          ? 'La plateforme a accusé réception.'
          : periode.etat === 'rejetee'
            ? 'La plateforme l’a rejetée : contactez le support.'
            : 'En attente de l’accusé de la plateforme.'}
      </p>
    );
  }
  const error = submit.error instanceof ApiError ? submit.error.serverMessage : undefined;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-sm text-slate-700">Vérifiez les données ci-dessous avant de les transmettre.</p>
      <Button onClick={() => setConfirming(true)}>Transmettre la période</Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        tone="primary"
        title={`Transmettre l’e-reporting de ${label} ?`}
        description="Les données sont envoyées à l’administration par votre plateforme. Une période ne se transmet qu’une fois."
        confirmLabel="Transmettre"
        pending={submit.isPending}
        error={
          submit.isError && <Alert variant="error">{error ?? 'La transmission a échoué : réessayez.'}</Alert>
        }
        onConfirm={() =>
          submit.mutate(periode.code, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(`E-reporting de ${label} transmis à la plateforme`);
            },
          })
        }
      />
    </div>
  );
}

const th = 'px-2 py-1.5 text-left text-xs font-semibold text-slate-700';
const td = 'px-2 py-1.5 text-sm text-slate-800';
const num = 'px-2 py-1.5 text-right text-sm tabular-nums text-slate-800';

function Totals({ data }: { data: EreportingData }) {
  const rows = data.transactions.totaux;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[24rem] bg-white">
        <caption className="pb-1 text-left text-sm font-semibold text-slate-900">
          Totaux par taux de TVA
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              Taux
            </th>
            <th scope="col" className={`${th} text-right`}>
              Base HT
            </th>
            <th scope="col" className={`${th} text-right`}>
              TVA
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3} className={td}>
                Aucune vente à déclarer sur cette période.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={`${row.categorieTva}-${row.taux}`} className="border-b border-slate-100">
                <td className={td}>{ereportingRateLabel(row.categorieTva, row.taux)}</td>
                <td className={num}>{formatEuros(row.baseHT)}</td>
                <td className={num}>{formatEuros(row.montantTVA)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** The aggregates the reform asks for: per day, VAT category and rate. */
function ByDay({ data }: { data: EreportingData }) {
  const rows = data.transactions.parJour;
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] bg-white">
        <caption className="pb-1 text-left text-sm font-semibold text-slate-900">Par jour</caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Taux
            </th>
            <th scope="col" className={`${th} text-right`}>
              Ventes
            </th>
            <th scope="col" className={`${th} text-right`}>
              Base HT
            </th>
            <th scope="col" className={`${th} text-right`}>
              TVA
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.date}-${row.categorieTva}-${row.taux}`} className="border-b border-slate-100">
              <td className={td}>{ereportingDayLabel(row.date)}</td>
              <td className={td}>{ereportingRateLabel(row.categorieTva, row.taux)}</td>
              <td className={num}>{row.nombreFactures}</td>
              <td className={num}>{formatEuros(row.baseHT)}</td>
              <td className={num}>{formatEuros(row.montantTVA)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Sales({ data }: { data: EreportingData }) {
  const rows = data.transactions.factures;
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[32rem] bg-white">
        <caption className="pb-1 text-left text-sm font-semibold text-slate-900">
          Ventes ({rows.length})
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Facture
            </th>
            <th scope="col" className={th}>
              Client
            </th>
            <th scope="col" className={`${th} text-right`}>
              HT
            </th>
            <th scope="col" className={`${th} text-right`}>
              TVA
            </th>
            <th scope="col" className={`${th} text-right`}>
              TTC
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.numero} className="border-b border-slate-100">
              <td className={td}>{ereportingDayLabel(row.date)}</td>
              <td className={td}>
                {row.numero}
                {row.type === 'avoir' && <span className="text-slate-600"> (avoir)</span>}
              </td>
              <td className={td}>
                {CATEGORY_LABELS[row.categorie]}
                {row.categorie === 'international' && ` (${row.pays})`}
              </td>
              <td className={num}>{formatEuros(row.montantHT)}</td>
              <td className={num}>{formatEuros(row.montantTVA)}</td>
              <td className={num}>{formatEuros(row.montantTTC)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Payments({ data }: { data: EreportingData }) {
  const rows = data.paiements.parJour;
  if (rows.length === 0) return null;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[20rem] bg-white">
        <caption className="pb-1 text-left text-sm font-semibold text-slate-900">
          Paiements de prestations ({formatEuros(data.paiements.total)})
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className={th}>
              Date
            </th>
            <th scope="col" className={th}>
              Taux
            </th>
            <th scope="col" className={`${th} text-right`}>
              Encaissé
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.date}-${row.taux}`} className="border-b border-slate-100">
              <td className={td}>{ereportingDayLabel(row.date)}</td>
              <td className={td}>{row.taux.toLocaleString('fr-FR')} %</td>
              <td className={num}>{formatEuros(row.montant)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
