import type { PlanDescription, SubscriptionInfo } from '@facturo/shared';
import { AlertTriangle, CalendarClock } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../components/ui/cn';
import { DAYS_LEFT_TONE_CLASSES, daysLeftTone, formatDaysLeft, showsDaysLeftWarning } from './days-left';
import { formatLongDate, formatPlanPrice, trialCarriedText } from './format';
import { hasLiveSubscription, subscriptionStatusLabel } from './plan-status';
import { SubscriptionActions } from './subscription-actions';
import { UsageSummary } from './usage-summary';

interface CurrentPlanPanelProps {
  info: SubscriptionInfo;
  plan: PlanDescription;
}

function statusTone(info: SubscriptionInfo) {
  if (info.status === 'expire' || info.status === 'impaye') return 'red' as const;
  if (info.cancelAtPeriodEnd || info.status === 'annule') return 'amber' as const;
  return 'emerald' as const;
}

/** What the warning of SPEC §9 (3 days or fewer) says depends on what ends. */
function warningText(info: SubscriptionInfo, days: string): string {
  if (info.plan === 'essai')
    return `Votre essai se termine dans ${days}. Choisissez un plan pour garder les factures et les clients illimités.`;
  if (info.cancelAtPeriodEnd)
    return `Votre abonnement prend fin dans ${days}. Réactivez-le pour garder vos avantages.`;
  return `Votre période en cours se termine dans ${days}.`;
}

function DateRow({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** SPEC §2 Subscription: the current plan, its state, its dates and, on the free plan, the usage. */
export function CurrentPlanPanel({ info, plan }: CurrentPlanPanelProps) {
  const days = info.daysLeft;
  const live = hasLiveSubscription(info);
  const periodEnd = formatLongDate(info.currentPeriodEnd);
  const trialCarried = trialCarriedText(info);

  return (
    <section
      aria-labelledby="plan-actuel-titre"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="plan-actuel-titre" className="text-sm font-medium text-slate-600">
            Votre plan actuel
          </h2>
          <p className="mt-1 text-2xl font-semibold text-slate-900">{plan.nom}</p>
          {/* The free plans' names already say they are free. */}
          {plan.prix > 0 && <p className="text-sm text-slate-600">{formatPlanPrice(plan)}</p>}
        </div>
        <Badge tone={statusTone(info)}>{subscriptionStatusLabel(info)}</Badge>
      </div>

      {trialCarried && (
        <p className="mt-4 flex items-center gap-2 text-sm font-semibold text-emerald-800">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {trialCarried}
        </p>
      )}
      {days !== null && (
        <p
          className={cn(
            'mt-4 flex items-center gap-2 text-sm font-semibold',
            DAYS_LEFT_TONE_CLASSES[daysLeftTone(days)],
          )}
        >
          <CalendarClock className="size-4" aria-hidden="true" />
          {days > 0 ? `${formatDaysLeft(days)} restant${days > 1 ? 's' : ''}` : 'Se termine aujourd’hui'}
        </p>
      )}
      {showsDaysLeftWarning(days) && days !== null && (
        <div
          role="status"
          className="mt-3 flex gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <p>{warningText(info, formatDaysLeft(days))}</p>
        </div>
      )}

      {info.cancelAtPeriodEnd && periodEnd && (
        <p className="mt-3 text-sm font-medium text-amber-900">Annulation programmée le {periodEnd}</p>
      )}

      <dl className="mt-4 divide-y divide-slate-100 border-t border-slate-100 text-sm">
        {info.plan === 'essai' && <DateRow label="Fin de l'essai" value={formatLongDate(info.trialEndsAt)} />}
        {live && (
          <DateRow
            label={info.premierPaiement ? 'Premier paiement' : 'Début de la période'}
            value={formatLongDate(info.dateDebut)}
          />
        )}
        {live && (
          <DateRow
            label={info.cancelAtPeriodEnd ? "Fin de l'accès" : 'Prochain renouvellement'}
            value={periodEnd}
          />
        )}
      </dl>

      {info.plan === 'gratuit' && (
        <div className="mt-4">
          <h3 className="mb-2 text-sm font-semibold text-slate-900">Votre utilisation</h3>
          <UsageSummary info={info} />
        </div>
      )}

      {live && (
        <div className="mt-5 flex flex-wrap gap-2">
          <SubscriptionActions info={info} planName={plan.nom} />
        </div>
      )}
    </section>
  );
}
