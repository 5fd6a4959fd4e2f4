import type { UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { type LiveEvent, publishEvents } from '../../lib/events/publish.js';
import type { Access } from './messaging.access.js';
import { activeAdmins, type ConversationRow, type MessageRow, unreadCount } from './messaging.repo.js';

type Reader = Pick<UserRow, 'id' | 'isAdmin'>;

/**
 * The two sides of a conversation as accounts (flags are read again for counts): support is every open
 * admin account but the owner, whose own support thread they read as a user.
 */
async function sidesOf(tx: Tx, c: ConversationRow): Promise<{ userSide: Reader[]; otherSide: Reader[] }> {
  const party = (id: string | null): Reader[] => (id ? [{ id, isAdmin: false }] : []);
  if (c.kind === 'support') {
    const admins = (await activeAdmins(tx)).filter((admin) => admin.id !== c.userId);
    return { userSide: party(c.userId), otherSide: admins };
  }
  return { userSide: party(c.issuerId), otherSide: party(c.recipientId) };
}

/** Admins' counts include every support conversation: reread their flag rather than assume it. */
async function withAdminFlags(tx: Tx, readers: Reader[]): Promise<Reader[]> {
  const admins = new Set((await activeAdmins(tx)).map((a) => a.id));
  return readers.map((r) => ({ id: r.id, isAdmin: admins.has(r.id) }));
}

async function unreadEvents(tx: Tx, readers: Reader[]): Promise<LiveEvent[]> {
  const events: LiveEvent[] = [];
  for (const reader of await withAdminFlags(tx, readers)) {
    events.push({
      userId: reader.id,
      type: 'unread.changed',
      data: { count: await unreadCount(tx, reader) },
    });
  }
  return events;
}

/**
 * A new message: `message.created` to every reader of the conversation, and the new unread count to
 * the addressees (the side that did not write it).
 */
export async function publishMessageCreated(tx: Tx, c: ConversationRow, message: MessageRow): Promise<void> {
  const { userSide, otherSide } = await sidesOf(tx, c);
  const written = c.kind === 'support' ? !message.fromSupport : message.senderId === c.issuerId;
  const addressees = written ? otherSide : userSide;
  const data = { conversationId: c.id, messageId: message.id };
  await publishEvents(tx, [
    ...[...userSide, ...otherSide].map((r): LiveEvent => ({ userId: r.id, type: 'message.created', data })),
    ...(await unreadEvents(tx, addressees)),
  ]);
}

/**
 * Messages just marked « vu »: the writers' side sees two ticks (`message.read`), the reader's side its
 * new count (for support, every admin: their unread is shared).
 */
export async function publishMessagesRead(tx: Tx, access: Access): Promise<void> {
  const { userSide, otherSide } = await sidesOf(tx, access.conversation);
  const readerFirst = access.side === 'user' || access.side === 'issuer';
  const [readers, writers] = readerFirst ? [userSide, otherSide] : [otherSide, userSide];
  const data = { conversationId: access.conversation.id };
  await publishEvents(tx, [
    ...writers.map((r): LiveEvent => ({ userId: r.id, type: 'message.read', data })),
    ...(await unreadEvents(tx, readers)),
  ]);
}
