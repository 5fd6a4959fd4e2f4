import type { User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { subscriptionInfoQueryOptions } from '../subscription/api';
import { UsageSummary } from '../subscription/usage-summary';

/**
 * "Votre utilisation" (SPEC §2), for professionals on the free plan only. The counts are refreshed by the
 * invoice and client mutations, which invalidate the subscription query.
 */
export function UsageBox({ user }: { user: User }) {
  const onFreePlan = user.role === 'professionnel' && user.planActuel === 'gratuit';
  const info = useQuery({ ...subscriptionInfoQueryOptions(), enabled: onFreePlan });
  const titleId = useId();
  // Nothing to show until the counts arrive; a failure hides the box rather than showing wrong numbers.
  if (!onFreePlan || !info.data) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white p-3">
      <h2 id={titleId} className="mb-2 text-sm font-semibold text-slate-900">
        Votre utilisation
      </h2>
      <UsageSummary info={info.data} />
    </section>
  );
}
