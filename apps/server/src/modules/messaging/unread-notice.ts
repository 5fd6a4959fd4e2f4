import { SUPPORT_DISPLAY_NAME } from '@facturo/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { conversations, invoices, messages, users } from '../../db/schema.js';
import type { Db, Tx } from '../../db/types.js';
import type { MessageNoticeJob, MessageNoticeQueue } from '../../lib/jobs.js';
import { type MailQueue, transactionWithMail } from '../../lib/mail/mail-queue.js';
import { unreadMessagesEmail } from '../../lib/mail/templates.js';
import { activeAdmins, burstUnderWay, type ConversationRow, type MessageRow } from './messaging.repo.js';

/** How long a message may stay unread before its addressees hear of it by e-mail. */
export const UNREAD_NOTICE_DELAY_MS = 15 * 60_000;

/**
 * Called in the sending transaction: the first message of a burst (its addressees had nothing unread
 * from this side) schedules one look in 15 minutes; the rest of the burst rides on it.
 */
export async function scheduleUnreadNotice(
  queue: MessageNoticeQueue,
  tx: Tx,
  conversation: ConversationRow,
  message: MessageRow,
  now: Date,
): Promise<void> {
  if (await burstUnderWay(tx, message, conversation)) return;
  await queue.scheduleMessageNotice(
    { messageId: message.id },
    new Date(now.getTime() + UNREAD_NOTICE_DELAY_MS),
    tx,
  );
}

interface NoticeDeps {
  db: Db;
  mail: MailQueue;
  appUrl: string;
}

/**
 * The job: if the burst's first message is still unread (and still the first unread one of its side:
 * two simultaneous sends may both have scheduled a look), one e-mail to each addressee who accepts them.
 */
export async function sendUnreadNotice(deps: NoticeDeps, job: MessageNoticeJob): Promise<void> {
  await transactionWithMail(deps, async (tx, queueMail) => {
    const [found] = await tx
      .select({ message: messages, conversation: conversations })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, job.messageId));
    if (!found || found.message.readAt || !found.message.senderId) return;
    const { message, conversation } = found;
    const unread = await unreadOfSide(tx, conversation, message);
    if (unread.first !== message.id) return;
    const addressees = await addresseesOf(tx, conversation, message);
    if (addressees.length === 0) return;
    const [sender] = await tx
      .select()
      .from(users)
      .where(eq(users.id, message.senderId as string));
    const from = message.fromSupport
      ? SUPPORT_DISPLAY_NAME
      : `${sender?.prenom ?? ''} ${sender?.nom ?? ''}`.trim() || 'Un utilisateur';
    const sujet = await subjectOf(tx, conversation);
    for (const to of addressees) {
      await queueMail(
        unreadMessagesEmail(
          to.email,
          { prenom: to.prenom, from, count: unread.count, sujet },
          `${deps.appUrl}/messages`,
        ),
        to.id,
      );
    }
  });
}

async function unreadOfSide(tx: Tx, c: ConversationRow, message: MessageRow) {
  const sameSide =
    c.kind === 'support'
      ? sql`m.from_support = ${message.fromSupport}`
      : sql`m.sender_id = ${message.senderId}`;
  const result = await tx.execute(sql`
    select m.id, count(*) over ()::int as n from messages m
    where m.conversation_id = ${c.id} and m.read_at is null and m.sender_id is not null and ${sameSide}
    order by m.created_at, m.id limit 1`);
  const row = rowsOf(result)[0];
  return { first: row ? String(row.id) : null, count: Number(row?.n ?? 0) };
}

/** Who the message waits on: the user, every admin (support as a team) or the other party. */
async function addresseesOf(tx: Tx, c: ConversationRow, message: MessageRow) {
  let ids: string[];
  if (c.kind === 'support') {
    ids = message.fromSupport
      ? [c.userId].filter((id): id is string => id !== null)
      : (await activeAdmins(tx)).map((a) => a.id).filter((id) => id !== message.senderId);
  } else {
    ids = [c.issuerId, c.recipientId].filter((id): id is string => id !== null && id !== message.senderId);
  }
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email, prenom: users.prenom })
    .from(users)
    .where(and(inArray(users.id, ids), isNull(users.deletedAt), eq(users.notifyMessagesByEmail, true)));
}

async function subjectOf(tx: Tx, c: ConversationRow): Promise<string> {
  if (c.kind === 'support' || !c.invoiceId) return 'support';
  const [invoice] = await tx
    .select({ numero: invoices.numero })
    .from(invoices)
    .where(eq(invoices.id, c.invoiceId));
  return invoice ? `facture ${invoice.numero}` : 'facture';
}
