import { type Conversation, MESSAGING_MESSAGES, type Message } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { invoices, type UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { assertCounterpartReachable } from '../account/counterpart.guard.js';
import { invoiceNotFound } from '../invoices/invoice-access.js';
import { listConversationViews } from './conversation-list.repo.js';
import {
  type Access,
  accessTo,
  conversationNotFound,
  otherPartyOf,
  writesAsSupport,
} from './messaging.access.js';
import { presentConversation, presentMessage } from './messaging.presenter.js';
import {
  accountClosed,
  type ConversationRow,
  findConversation,
  insertMessage,
  listMessages,
  lockConversation,
  markRead,
  openInvoiceConversation,
  openSupportConversation,
  unreadCount,
} from './messaging.repo.js';
import { publishMessageCreated, publishMessagesRead } from './messaging-events.js';
import { scheduleUnreadNotice } from './unread-notice.js';

/** Conversations with support and between an invoice's two parties (issue 14, SPEC §7). */
export class MessagingService {
  constructor(private readonly ctx: AppContext) {}

  async list(user: UserRow, q?: string): Promise<Conversation[]> {
    return (await listConversationViews(this.ctx.db, user, { q })).map(presentConversation);
  }

  /** A page of messages, oldest first; the reader's side marks the other side's as « vu » (all of them). */
  async messages(user: UserRow, id: string, page: { before?: string; limit: number }): Promise<Message[]> {
    const access = await this.supportStillOpen(
      this.ctx.db,
      accessTo(await findConversation(this.ctx.db, id), user),
    );
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async (tx) => {
      if ((await markRead(tx, access, now)) > 0) await publishMessagesRead(tx, access);
    });
    return (await listMessages(this.ctx.db, id, page)).map((m) => presentMessage(m, access));
  }

  async send(user: UserRow, id: string, contenu: string): Promise<Message> {
    await this.supportStillOpen(this.ctx.db, accessTo(await findConversation(this.ctx.db, id), user));
    return this.write(user, id, contenu);
  }

  /** SPEC's fallback: the first message to support opens the conversation. */
  async sendToSupport(user: UserRow, contenu: string): Promise<string> {
    const conversation = await openSupportConversation(this.ctx.db, user.id, this.ctx.clock.now());
    await this.write(user, conversation.id, contenu);
    return conversation.id;
  }

  async openSupport(user: UserRow): Promise<Conversation> {
    const conversation = await openSupportConversation(this.ctx.db, user.id, this.ctx.clock.now());
    return this.view(user, conversation);
  }

  /**
   * The conversation of an invoice sent on the platform, between its issuer and its recipient only:
   * anyone else is told the invoice does not exist, as everywhere else.
   */
  async openForInvoice(user: UserRow, invoiceId: string): Promise<Conversation> {
    const [invoice] = isUuid(invoiceId)
      ? await this.ctx.db.select().from(invoices).where(eq(invoices.id, invoiceId))
      : [];
    if (!invoice || (invoice.issuerId !== user.id && invoice.recipientId !== user.id))
      throw invoiceNotFound();
    const { recipientId } = invoice;
    if (!recipientId) throw new AppError(409, 'conflict', MESSAGING_MESSAGES.invoiceNotShared);
    const conversation = await openInvoiceConversation(
      this.ctx.db,
      { id: invoice.id, issuerId: invoice.issuerId, recipientId },
      this.ctx.clock.now(),
    );
    return this.view(user, conversation);
  }

  unreadCount(user: UserRow): Promise<number> {
    return unreadCount(this.ctx.db, user);
  }

  /**
   * One transaction: the message, the conversation's activity, the live events and the unread e-mail's
   * job commit together. The conversation is locked, so a burst's sends take turns.
   */
  private async write(user: UserRow, id: string, contenu: string): Promise<Message> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.messagesByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    return this.ctx.db.transaction(async (tx) => {
      const access = await this.supportStillOpen(tx, accessTo(await lockConversation(tx, id), user));
      await assertCounterpartReachable(tx, otherPartyOf(access));
      const message = await insertMessage(tx, {
        conversationId: id,
        senderId: user.id,
        fromSupport: writesAsSupport(access),
        contenu,
        now,
      });
      await publishMessageCreated(tx, access.conversation, message);
      await scheduleUnreadNotice(this.ctx.messageNotices, tx, access.conversation, message, now);
      return presentMessage(
        { ...message, senderId: user.id, senderPrenom: user.prenom, senderNom: user.nom },
        access,
      );
    });
  }

  /**
   * A closed account's support conversation leaves support's list and count: reading or answering it by
   * its address is refused the same way (404), as nobody is there to read the answer.
   */
  private async supportStillOpen(db: DbOrTx, access: Access): Promise<Access> {
    if (access.side === 'support' && (await accountClosed(db, access.conversation.userId)))
      throw conversationNotFound();
    return access;
  }

  private async view(user: UserRow, conversation: ConversationRow): Promise<Conversation> {
    const [view] = await listConversationViews(this.ctx.db, user, { id: conversation.id });
    if (!view) throw conversationNotFound();
    return presentConversation(view);
  }
}
