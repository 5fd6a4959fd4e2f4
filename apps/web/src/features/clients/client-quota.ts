import type { SubscriptionInfo } from '@facturo/shared';

export interface ClientQuota {
  utilise: number;
  limite: number;
}

/** How long the list's quota alert stays (SPEC §8: 5 s). */
export const CLIENT_QUOTA_ALERT_MS = 5_000;

/**
 * SPEC §6 and §8: on the free plan with no client left, adding is blocked with an alert. When the
 * quota could not be read (`info` undefined), adding is allowed and the server has the last word.
 */
export function clientQuotaBlock(info: Pick<SubscriptionInfo, 'clients'> | undefined): ClientQuota | null {
  const limite = info?.clients.limite;
  if (info === undefined || limite === null || limite === undefined) return null;
  return info.clients.restant === 0 ? { utilise: info.clients.utilise, limite } : null;
}
