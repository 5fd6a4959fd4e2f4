import { sql } from 'drizzle-orm';
import { emailEvents, users } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import type { MailMessage } from './message.js';

/**
 * One row per e-mail queued, in the queuing transaction (so a rolled-back change counts nothing), for the
 * admin's e-mails per day and a user's usage history. On whose behalf: the caller says so (an issuer
 * sending an invoice); otherwise an account e-mail is its addressee's, and a support e-mail no user's.
 */
export async function recordEmailEvent(tx: Tx, message: MailMessage, userId?: string | null): Promise<void> {
  if (userId !== undefined || message.kind !== 'account') {
    await tx.insert(emailEvents).values({ userId: userId ?? null, kind: message.kind });
    return;
  }
  await tx.insert(emailEvents).values({
    userId: sql`(select ${users.id} from ${users} where ${users.email} = ${message.to.toLowerCase()})`,
    kind: message.kind,
  });
}
