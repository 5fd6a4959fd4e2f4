import type { JournalVerification } from '@facturo/shared';
import type { DbOrTx } from '../../db/types.js';

/**
 * Issue 18 (lane journal): recomputes `issuerId`'s chain from its first entry (journal-hash.ts) and checks
 * each entry's columns agree with its content; the first entry that does not is reported.
 */
export async function verifyJournal(_db: DbOrTx, _issuerId: string): Promise<JournalVerification> {
  // Placeholder until the journal lane lands: an empty chain.
  return { valide: true, evenements: 0, dernierHash: null };
}
