import { EREPORTING_STATE_LABELS, type EreportingPeriod } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { LoadError } from '../../components/ui/load-error';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ereportingPeriodsQueryOptions } from './ereporting-api';
import { EREPORTING_STATE_TONES, ereportingPeriodLabel } from './ereporting-format';
import { EreportingReview } from './ereporting-review';

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/**
 * Issue 19: e-reporting of B2C and international sales on /facturation-electronique — the periods with
 * their state, one opened for review, and its submission through the platform.
 */
export function EreportingSection() {
  const periods = useQuery(ereportingPeriodsQueryOptions());
  const [opened, setOpened] = useState<string | null>(null);

  return (
    <section
      aria-labelledby="ereporting-titre"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <header>
        <h2 id="ereporting-titre" className="text-lg font-semibold text-slate-900">
          E-reporting
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Vos ventes aux particuliers et à l’étranger, et les paiements de vos prestations, transmis à
          l’administration par votre plateforme à chaque fin de période.
        </p>
      </header>
      {periods.isPending ? (
        <LoadingStatus>Chargement des périodes…</LoadingStatus>
      ) : periods.isError ? (
        <LoadError message="Impossible de charger les périodes d’e-reporting." query={periods} />
      ) : periods.data.periodes.length === 0 ? (
        <p className="text-sm text-slate-600">Aucune période d’e-reporting pour le moment.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" aria-label="Périodes">
          {periods.data.periodes.map((period) => (
            <li key={period.code}>
              <PeriodRow
                period={period}
                open={opened === period.code}
                onToggle={() => setOpened(opened === period.code ? null : period.code)}
              />
              {opened === period.code && <EreportingReview code={period.code} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PeriodRow({
  period,
  open,
  onToggle,
}: {
  period: EreportingPeriod;
  open: boolean;
  onToggle: () => void;
}) {
  const label = ereportingPeriodLabel(period);
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="font-medium text-slate-900 first-letter:uppercase">{label}</p>
        <p className="text-xs text-slate-600">
          {plural(period.nombreTransactions, 'vente', 'ventes')} ·{' '}
          {plural(period.nombrePaiements, 'paiement', 'paiements')} · période {period.periodicite}
        </p>
      </div>
      <Badge tone={EREPORTING_STATE_TONES[period.etat]}>{EREPORTING_STATE_LABELS[period.etat]}</Badge>
      <Button variant="secondary" size="sm" aria-expanded={open} onClick={onToggle}>
        {open ? 'Masquer' : 'Voir le détail'}
        <span className="sr-only"> de {label}</span>
      </Button>
    </div>
  );
}
