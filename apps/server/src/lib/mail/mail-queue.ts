import type { Db, Tx } from '../../db/types.js';
import { recordEmailEvent } from './email-events.js';
import type { MailMessage } from './message.js';

/** The e-mail queue as services see it (implemented by Jobs over pg-boss). */
export interface MailQueue {
  /** Writes the e-mail's job inside `tx`: it is delivered if and only if the transaction commits. */
  enqueue(message: MailMessage, tx: Tx): Promise<void>;
  /** Wakes this replica's worker at once rather than at its next poll; only useful once the job is committed. */
  wake(): void;
}

/**
 * Queues one e-mail in the caller's transaction. `onBehalfOf` is the user the e-mail is counted for in
 * the admin's figures (email-events.ts says who it is when not given).
 */
export type QueueMail = (message: MailMessage, onBehalfOf?: string | null) => Promise<void>;

/**
 * One transaction for a change and the e-mails that announce it: a failure to queue rolls the change
 * back, and a rolled-back change sends nothing. The worker is woken after the commit, when it can see
 * the jobs.
 */
export async function transactionWithMail<T>(
  ctx: { db: Db; mail: MailQueue },
  work: (tx: Tx, queueMail: QueueMail) => Promise<T>,
): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction((tx) =>
    work(tx, async (message, onBehalfOf) => {
      // A document sent to a client on a user's behalf: that user hears of it if the address refuses it.
      const sender = message.kind === 'invoice' && onBehalfOf ? { expediteurId: onBehalfOf } : {};
      await ctx.mail.enqueue({ ...message, ...sender }, tx);
      await recordEmailEvent(tx, message, onBehalfOf);
      queued = true;
    }),
  );
  if (queued) ctx.mail.wake();
  return result;
}
