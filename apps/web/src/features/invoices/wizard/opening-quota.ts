import type { SubscriptionInfo } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { subscriptionInfoQueryOptions } from '../../subscription/api';
import type { Quota } from '../error-messages';

/** The free plan's monthly invoices all used: the quota a new invoice would hit; null otherwise. */
export function invoiceQuotaReached({
  facturesMensuel,
}: Pick<SubscriptionInfo, 'facturesMensuel'>): Quota | null {
  const { utilise, limite } = facturesMensuel;
  return limite !== null && utilise >= limite ? { utilise, limite } : null;
}

/**
 * Issue 17: the free plan at its limit is warned when the wizard opens, not after five steps. Read fresh
 * on opening; shown once (closing it lets the user look, the server still refuses the creation). If the
 * plan cannot be read, nothing is shown (SPEC: a failed quota check lets the user go on).
 */
export function useOpeningQuota(): { quota: Quota | null; dismiss: () => void } {
  const info = useQuery({ ...subscriptionInfoQueryOptions(), refetchOnMount: 'always' });
  const [dismissed, setDismissed] = useState(false);
  // Fresh from this opening, never the cache's; a later background refetch (a live event, the window's
  // focus) keeps the warning on screen instead of making it vanish while it runs.
  const reached = info.data && info.isFetchedAfterMount ? invoiceQuotaReached(info.data) : null;
  return { quota: dismissed ? null : reached, dismiss: () => setDismissed(true) };
}
