import { lt } from 'drizzle-orm';
import { deliveredMails } from '../../db/schema.js';
import type { DbOrTx, SqlExecutor } from '../../db/types.js';

/**
 * The e-mails the SMTP server accepted, by their queue job (`delivered_mails`): a row is written right
 * after each acceptance, before the job is completed with the rest of its batch, so a job whose sender
 * died in between is completed by the next replica without being sent again. Raw SQL on the mail
 * worker's executor, the one it runs the queue's statements on (lib/mail/mail-lease.ts).
 */
export class DeliveredMails {
  constructor(private readonly sql: SqlExecutor) {}

  /** Of these jobs, those whose e-mail the SMTP server has already accepted. */
  async among(jobIds: readonly string[]): Promise<Set<string>> {
    if (jobIds.length === 0) return new Set();
    const { rows } = await this.sql.executeSql(
      'SELECT job_id::text AS id FROM delivered_mails WHERE job_id = ANY($1::uuid[])',
      [jobIds],
    );
    return new Set(rows.map((row) => String(row.id)));
  }

  /** The job's e-mail was accepted; a second acceptance (a retry after a lapsed lease) keeps the first. */
  async record(jobId: string): Promise<void> {
    await this.sql.executeSql('INSERT INTO delivered_mails (job_id) VALUES ($1) ON CONFLICT DO NOTHING', [
      jobId,
    ]);
  }
}

/**
 * A row serves only until its job is completed, which the sending replica does within its batch and
 * any other within a lease of its death (MAIL_LEASE_SECONDS); a week covers any outage of every replica.
 */
export const DELIVERED_MAILS_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/** Run by the jobs' maintenance. */
export async function purgeDeliveredMails(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(deliveredMails)
    .where(lt(deliveredMails.deliveredAt, new Date(now.getTime() - DELIVERED_MAILS_RETENTION_MS)));
}
