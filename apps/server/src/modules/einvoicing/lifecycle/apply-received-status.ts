import type { Tx } from '../../../db/types.js';
import type { CdarMessage } from '../cdar/cdar-message.js';

/**
 * A lifecycle message (CDAR) that reached a user through their platform: the buyer's status on the
 * seller's invoice, or the seller's on the buyer's received invoice. Joins that document's timeline once
 * (`externalId`), and moves its statuses. Answers false when no document of the user matches.
 * CONTRACT PLACEHOLDER: the seller lane (lead) writes it; the platform lane's sync calls it.
 */
export async function applyReceivedStatus(
  _tx: Tx,
  _userId: string,
  _message: CdarMessage,
  _externalId: string,
  _at: Date,
): Promise<boolean> {
  return false;
}
