import type { UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { badRequest } from '../../lib/errors.js';
import { addEmailToken } from '../auth/email-tokens.repo.js';
import { findUserByEmail } from '../users/users.repo.js';

/** An invited recipient has a week to choose a password. */
const INVITATION_TTL_MS = 7 * DAY_MS;

/**
 * The platform account a document sent on Facturo goes to (invoices and quotes alike), never created here
 * (DESIGN §5): the user with the client's address, or none — then the e-mail carries the document's signed
 * link, whose page offers an account that exists only once its terms are accepted. An account invited by
 * the older flow (created without a password, before any consent) still gets a fresh invitation link,
 * since the old one may have expired; its earlier links keep working until one is used.
 */
export async function findPlatformRecipient(
  tx: Tx,
  sender: UserRow,
  client: { email: string },
  now: Date,
  selfSendMessage: string,
): Promise<{ recipient: UserRow | null; invitationToken: string | null }> {
  if (client.email === sender.email) throw badRequest(selfSendMessage);
  const existing = await findUserByEmail(tx, client.email);
  if (!existing) return { recipient: null, invitationToken: null };
  if (!existing.passwordHash) {
    const token = await addEmailToken(tx, existing.id, 'reset_password', now, INVITATION_TTL_MS);
    return { recipient: existing, invitationToken: token };
  }
  return { recipient: existing, invitationToken: null };
}
