import type { DbOrTx } from '../../db/types.js';

/**
 * Run by the jobs' maintenance: quotes still waiting for an answer (créé, envoyé) whose validity date is
 * past (Paris calendar) become « expiré ». Returns how many changed.
 */
export async function expireQuotes(_db: DbOrTx, _now: Date): Promise<number> {
  return 0;
}
