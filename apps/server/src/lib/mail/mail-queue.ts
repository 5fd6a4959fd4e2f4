import type { Db, Tx } from '../../db/types.js';
import type { MailMessage } from './message.js';

/** The e-mail queue as services see it (implemented by Jobs over pg-boss). */
export interface MailQueue {
  /** Writes the e-mail's job inside `tx`: it is delivered if and only if the transaction commits. */
  enqueue(message: MailMessage, tx: Tx): Promise<void>;
  /** Wakes this replica's worker at once rather than at its next poll; only useful once the job is committed. */
  wake(): void;
}

/**
 * One transaction for a change and the e-mails that announce it: a failure to queue rolls the change
 * back, and a rolled-back change sends nothing. The worker is woken after the commit, when it can see
 * the jobs.
 */
export async function transactionWithMail<T>(
  ctx: { db: Db; mail: MailQueue },
  work: (tx: Tx, queueMail: (message: MailMessage) => Promise<void>) => Promise<T>,
): Promise<T> {
  let queued = false;
  const result = await ctx.db.transaction((tx) =>
    work(tx, async (message) => {
      await ctx.mail.enqueue(message, tx);
      queued = true;
    }),
  );
  if (queued) ctx.mail.wake();
  return result;
}
