import { CONTACT_MESSAGE_RETENTION_YEARS } from '@facturo/shared/public-pages';
import { lt } from 'drizzle-orm';
import { contactMessages, waitlistEntries } from '../../db/schema.js';
import type { Db, Tx } from '../../db/types.js';

export async function insertContactMessage(
  db: Db | Tx,
  message: { nom: string; email: string; sujet: string; message: string; createdAt: Date },
): Promise<string> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('contact_messages: insertion sans ligne renvoyée');
  return row.id;
}

/** True when the address was added, false when it was already on that feature's list. */
export async function addToWaitlist(
  db: Db | Tx,
  entry: { email: string; fonctionnalite: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(waitlistEntries)
    .values(entry)
    .onConflictDoNothing({ target: [waitlistEntries.email, waitlistEntries.fonctionnalite] })
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0;
}

/** The retention /privacy promises: messages older than that are deleted by the maintenance job. */
export async function purgeOldContactMessages(db: Db, now: Date): Promise<number> {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() - CONTACT_MESSAGE_RETENTION_YEARS);
  const deleted = await db
    .delete(contactMessages)
    .where(lt(contactMessages.createdAt, limit))
    .returning({ id: contactMessages.id });
  return deleted.length;
}
