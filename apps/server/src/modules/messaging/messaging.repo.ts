import { and, eq, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { conversations, messages, type UserRow, users } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/types.js';
import { isUuid } from '../../lib/ids.js';
import { type Access, otherSideMessages } from './messaging.access.js';

export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** A message as shown: its sender's names come along (never their e-mail). */
export interface ShownMessage {
  id: string;
  senderId: string;
  fromSupport: boolean;
  contenu: string;
  readAt: Date | null;
  createdAt: Date;
  senderPrenom: string;
  senderNom: string;
}

/** PGlite and node-postgres both parse timestamptz, but a text value must not break the page. */
export const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export async function findConversation(db: DbOrTx, id: string): Promise<ConversationRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
  return row;
}

/** Sends in one conversation take turns: the « first unread of a burst » check then sees the one before. */
export async function lockConversation(tx: Tx, id: string): Promise<ConversationRow | undefined> {
  const [row] = await tx.select().from(conversations).where(eq(conversations.id, id)).for('update');
  return row;
}

/**
 * The user's support conversation, created the first time. Simultaneous calls meet on the unique partial
 * index: one inserts, the others do nothing and read the row it committed.
 */
export async function openSupportConversation(
  db: DbOrTx,
  userId: string,
  now: Date,
): Promise<ConversationRow> {
  await db.execute(sql`
    insert into conversations (kind, user_id, last_activity_at, created_at)
    values ('support', ${userId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (user_id) where kind = 'support' do nothing`);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.kind, 'support'), eq(conversations.userId, userId)));
  if (!row) throw new Error('conversation de support introuvable après sa création');
  return row;
}

/** The invoice's conversation between its two parties, created the first time (same race rule). */
export async function openInvoiceConversation(
  db: DbOrTx,
  invoice: { id: string; issuerId: string; recipientId: string },
  now: Date,
): Promise<ConversationRow> {
  await db.execute(sql`
    insert into conversations (kind, invoice_id, issuer_id, recipient_id, last_activity_at, created_at)
    values ('facture', ${invoice.id}, ${invoice.issuerId}, ${invoice.recipientId},
      ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (invoice_id) where kind = 'facture' do nothing`);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.kind, 'facture'), eq(conversations.invoiceId, invoice.id)));
  if (!row) throw new Error('conversation de facture introuvable après sa création');
  return row;
}

/**
 * A page of messages, oldest first: the `limit` newest ones older than the `before` message (of this
 * conversation; another one's id names nothing, so nothing comes back). Ties on the instant are broken
 * by id, the same way in the cursor.
 */
export async function listMessages(
  db: DbOrTx,
  conversationId: string,
  { before, limit }: { before?: string; limit: number },
): Promise<ShownMessage[]> {
  const cursor = before
    ? sql`and (m.created_at, m.id) < (select c.created_at, c.id from messages c
        where c.id = ${before} and c.conversation_id = ${conversationId})`
    : sql``;
  const result = await db.execute(sql`
    select m.id, m.sender_id, m.from_support, m.contenu, m.read_at, m.created_at, u.prenom, u.nom
    from messages m join users u on u.id = m.sender_id
    where m.conversation_id = ${conversationId} and m.contenu <> '' ${cursor}
    order by m.created_at desc, m.id desc
    limit ${limit}`);
  return rowsOf(result)
    .map((r) => ({
      id: String(r.id),
      senderId: String(r.sender_id),
      fromSupport: r.from_support === true,
      contenu: String(r.contenu),
      readAt: r.read_at === null ? null : asDate(r.read_at),
      createdAt: asDate(r.created_at),
      senderPrenom: String(r.prenom ?? ''),
      senderNom: String(r.nom ?? ''),
    }))
    .reverse();
}

export async function insertMessage(
  tx: Tx,
  values: { conversationId: string; senderId: string; fromSupport: boolean; contenu: string; now: Date },
): Promise<MessageRow> {
  const { now, ...rest } = values;
  const [row] = await tx
    .insert(messages)
    .values({ ...rest, createdAt: now })
    .returning();
  if (!row) throw new Error('message non enregistré');
  await tx
    .update(conversations)
    .set({ lastActivityAt: now })
    .where(eq(conversations.id, values.conversationId));
  return row;
}

/** Whether the addressees already had unread messages of this side before this one (a burst under way). */
export async function burstUnderWay(tx: Tx, message: MessageRow, conversation: ConversationRow) {
  const sameSide =
    conversation.kind === 'support'
      ? sql`m.from_support = ${message.fromSupport}`
      : sql`m.sender_id = ${message.senderId}`;
  const result = await tx.execute(sql`
    select exists (select 1 from messages m
      where m.conversation_id = ${conversation.id} and m.id <> ${message.id}
        and m.read_at is null and m.sender_id is not null and ${sameSide}) as busy`);
  return rowsOf(result)[0]?.busy === true;
}

/** The other side's unread messages become « vu »; answers how many did. */
export async function markRead(tx: Tx, access: Access, now: Date): Promise<number> {
  const result = await tx.execute(sql`
    update messages m set read_at = ${now.toISOString()}::timestamptz
    where m.conversation_id = ${access.conversation.id} and m.read_at is null and ${otherSideMessages(access)}
    returning m.id`);
  return rowsOf(result).length;
}

/**
 * The other side's unread messages in every conversation the user can read: for an admin, the users'
 * messages of every support conversation (of accounts still open) as well as their own.
 */
export async function unreadCount(db: DbOrTx, user: Pick<UserRow, 'id' | 'isAdmin'>): Promise<number> {
  const asSupport = user.isAdmin
    ? sql`or (c.kind = 'support' and c.user_id <> ${user.id} and not m.from_support
        and exists (select 1 from users u where u.id = c.user_id and u.deleted_at is null))`
    : sql``;
  const result = await db.execute(sql`
    select count(*)::int as n from messages m join conversations c on c.id = m.conversation_id
    where m.read_at is null and m.sender_id is not null and m.contenu <> '' and (
      (c.kind = 'support' and c.user_id = ${user.id} and m.from_support)
      or (c.kind = 'facture' and (c.issuer_id = ${user.id} or c.recipient_id = ${user.id})
        and m.sender_id <> ${user.id})
      ${asSupport})`);
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** Whether the account is closed (or gone): its support conversation is no longer support's to read. */
export async function accountClosed(db: DbOrTx, userId: string | null): Promise<boolean> {
  if (!userId) return true;
  const [row] = await db.select({ deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId));
  return !row || row.deletedAt !== null;
}

/** Support as a team: the admins whose accounts are open. */
export async function activeAdmins(db: DbOrTx): Promise<Pick<UserRow, 'id' | 'isAdmin'>[]> {
  return db
    .select({ id: users.id, isAdmin: users.isAdmin })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deletedAt)));
}
