import { MESSAGING_MESSAGES } from '@facturo/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '../../db/schema.js';
import { notFound } from '../../lib/errors.js';
import type { ConversationRow } from './messaging.repo.js';

/**
 * Who reads a conversation, and from which side: a support conversation has the user on one side and
 * every admin, as a team, on the other; an invoice's has its issuer and its platform recipient.
 */
export type Side = 'user' | 'support' | 'issuer' | 'recipient';

export interface Access {
  conversation: ConversationRow;
  side: Side;
  reader: UserRow;
}

export const conversationNotFound = () => notFound(MESSAGING_MESSAGES.notFound);

/** The reader's side, or a 404 for anyone else: a stranger learns nothing, not even that it exists. */
export function accessTo(conversation: ConversationRow | undefined, reader: UserRow): Access {
  if (conversation) {
    const side = sideOf(conversation, reader);
    if (side) return { conversation, side, reader };
  }
  throw conversationNotFound();
}

function sideOf(c: ConversationRow, reader: UserRow): Side | undefined {
  if (c.kind === 'support') {
    // An admin's own support thread is theirs as a user; in everyone else's, they are support.
    if (c.userId === reader.id) return 'user';
    return reader.isAdmin ? 'support' : undefined;
  }
  if (c.issuerId === reader.id) return 'issuer';
  if (c.recipientId === reader.id) return 'recipient';
  return undefined;
}

/**
 * In an invoice's thread, the account a message from this side is for (its state decides whether it can
 * be written, account/counterpart.guard.ts); support threads have no single one.
 */
export function otherPartyOf(access: Access): string | null {
  if (access.side === 'issuer') return access.conversation.recipientId;
  if (access.side === 'recipient') return access.conversation.issuerId;
  return null;
}

/** Whether a message written from this side is support's (read per side, so « vu » is per side). */
export const writesAsSupport = (access: Access): boolean => access.side === 'support';

/**
 * The messages of the other side, as a condition on `messages` aliased `m`: those the reader marks « vu »
 * and counts as unread. Messages whose sender is gone or whose text is empty never count (SPEC §3).
 */
export function otherSideMessages(access: Access): SQL {
  const valid = sql`m.sender_id is not null and m.contenu <> ''`;
  switch (access.side) {
    case 'user':
      return sql`${valid} and m.from_support`;
    case 'support':
      return sql`${valid} and not m.from_support`;
    default:
      return sql`${valid} and m.sender_id <> ${access.reader.id}`;
  }
}

/** Whether the reader's side wrote this message: their own ticks, or support's for an admin. */
export function isOwnMessage(access: Access, message: { senderId: string | null; fromSupport: boolean }) {
  switch (access.side) {
    case 'user':
      return !message.fromSupport;
    case 'support':
      return message.fromSupport;
    default:
      return message.senderId === access.reader.id;
  }
}
