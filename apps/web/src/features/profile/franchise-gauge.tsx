import { type FranchiseStatus, formatEuros } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { AlertTriangle } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../components/ui/cn';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { franchiseQueryOptions } from './api';
import { type GaugeTone, gaugePercent, gaugeTone, gaugeWidth } from './franchise-gauge-model';

export const FRANCHISE_LOAD_ERROR = 'Erreur lors du chargement du suivi de la franchise';

const TONE_CLASSES: Record<GaugeTone, { box: string; bar: string }> = {
  ok: { box: 'border-slate-200 bg-slate-50', bar: 'bg-indigo-600' },
  warning: { box: 'border-amber-300 bg-amber-50', bar: 'bg-amber-500' },
  danger: { box: 'border-red-300 bg-red-50', bar: 'bg-red-600' },
};

/** The year's revenue against the franchise thresholds (GET /users/me/franchise), under the VAT regime. */
export function FranchiseGauge() {
  const franchise = useQuery(franchiseQueryOptions());
  if (franchise.isPending) return <LoadingStatus>Chargement du suivi de la franchise...</LoadingStatus>;
  if (franchise.isError) return <LoadError message={FRANCHISE_LOAD_ERROR} query={franchise} />;
  return <Gauge status={franchise.data} />;
}

function Gauge({ status }: { status: FranchiseStatus }) {
  const titleId = useId();
  const tone = gaugeTone(status.niveau);
  const percent = gaugePercent(status.ratio);
  const revenue = formatEuros(status.chiffreAffairesHT);
  const threshold = formatEuros(status.seuil);
  return (
    <section aria-labelledby={titleId} className={cn('rounded-lg border p-4', TONE_CLASSES[tone].box)}>
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {tone !== 'ok' && <AlertTriangle className="size-4 text-amber-700" aria-hidden="true" />}
        Franchise en base de TVA : chiffre d’affaires {status.annee}
      </h3>
      <p className="mt-2 text-sm text-slate-800">
        <span className="font-semibold tabular-nums">{revenue}</span> HT sur un seuil de{' '}
        <span className="tabular-nums">{threshold}</span> ({percent} %)
      </p>
      <div
        role="progressbar"
        aria-labelledby={titleId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={gaugeWidth(status.ratio)}
        aria-valuetext={`${revenue} sur ${threshold}, soit ${percent} % du seuil`}
        className="mt-2 h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', TONE_CLASSES[tone].bar)}
          style={{ width: `${gaugeWidth(status.ratio)}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-700">
        Seuil majoré : <span className="tabular-nums">{formatEuros(status.seuilMajore)}</span>
      </p>
      {!status.enFranchise && (
        <p className="mt-2 text-sm text-slate-700">
          Vous facturez déjà la TVA : ce suivi est donné à titre indicatif.
        </p>
      )}
      <p className={cn('mt-2 text-sm', tone === 'ok' ? 'text-slate-700' : 'font-medium text-slate-900')}>
        {status.explication}
      </p>
      <p className="mt-1 text-xs text-slate-600">Source : {status.source}</p>
    </section>
  );
}
