import type { UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { addEmailToken, issueEmailToken } from '../auth/email-tokens.repo.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';

/** An invited recipient has a week to choose a password. */
const INVITATION_TTL_MS = 7 * DAY_MS;

/**
 * The platform account a document sent internally goes to (invoices and quotes alike, DESIGN §5): the
 * user with the client's e-mail address, else a particulier account created without a password, invited
 * to choose one. `invitationToken` is set when an invitation link must go out (a new account, or one
 * invited before that never chose its password).
 */
export async function findOrInviteRecipient(
  tx: Tx,
  sender: UserRow,
  client: { email: string; nom: string },
  now: Date,
  selfSendMessage: string,
): Promise<{ recipient: UserRow; invitationToken: string | null }> {
  if (client.email === sender.email) throw badRequest(selfSendMessage);
  const existing = await findUserByEmail(tx, client.email);
  if (!existing) {
    const created = await insertUser(tx, {
      email: client.email,
      passwordHash: null,
      nom: client.nom,
      prenom: '',
      role: 'particulier',
      plan: 'gratuit',
    });
    if (!created) throw new AppError(409, 'conflict', 'Envoi simultané détecté, veuillez réessayer.');
    const token = await issueEmailToken(tx, created.id, 'reset_password', now, INVITATION_TTL_MS);
    return { recipient: created, invitationToken: token };
  }
  if (!existing.passwordHash) {
    // Invited before and not signed up yet: a fresh link, since the old one may have expired; the old one
    // keeps working until it expires or a link is used, so no e-mail in hand goes stale.
    const token = await addEmailToken(tx, existing.id, 'reset_password', now, INVITATION_TTL_MS);
    return { recipient: existing, invitationToken: token };
  }
  return { recipient: existing, invitationToken: null };
}

/**
 * The platform account an invoice sent internally goes to, never created here (DESIGN §5): the user with
 * the client's address, or none — then the e-mail carries the invoice's signed link, whose page offers an
 * account that exists only once its terms are accepted. An account invited by the older flow and still
 * without a password gets a fresh invitation link, as findOrInviteRecipient gives it.
 */
export async function findInvoiceRecipient(
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
