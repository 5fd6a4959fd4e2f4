import type { JournalDocumentType, JournalEventKind } from '@facturo/shared';
import { journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** One event to journal. Written with `appendJournal` in the transaction of the change it records. */
export interface JournalEvent {
  /** Whose chain: the professional who issued the document (also for the recipient's actions). */
  issuerId: string;
  kind: JournalEventKind;
  document?: { type: JournalDocumentType; id: string; numero: string } | null;
  /** When it happened (the request's clock). */
  at: Date;
  /** What the event says, in the domain's French words (statuses, amounts in cents, method…). */
  details?: Record<string, unknown>;
  /** Hex SHA-256 of the PDF it issues, when it issues one. */
  pdfSha256?: string | null;
  /** 'YYYY-MM' of a monthly closing entry. */
  period?: string | null;
}

/**
 * The exact text hashed into the chain. Key order is fixed by this literal; the columns beside it in
 * journal_entries repeat its parts for queries, and verification checks they agree with it.
 */
export function journalContent(event: JournalEvent): string {
  return JSON.stringify({
    type: event.kind,
    document: event.document ?? null,
    date: event.at.toISOString(),
    details: event.details ?? {},
    pdfSha256: event.pdfSha256 ?? null,
    periode: event.period ?? null,
  });
}

/**
 * Appends `event` to its issuer's chain. Call it inside the transaction of the change: the database's
 * trigger gives the entry its sequence number and hashes (waiting for the issuer's other appends to
 * commit), and the entry commits or rolls back with the change.
 */
export async function appendJournal(db: DbOrTx, event: JournalEvent): Promise<void> {
  await db.insert(journalEntries).values({
    issuerId: event.issuerId,
    kind: event.kind,
    documentType: event.document?.type ?? null,
    documentId: event.document?.id ?? null,
    numero: event.document?.numero ?? null,
    pdfSha256: event.pdfSha256 ?? null,
    period: event.period ?? null,
    content: journalContent(event),
  });
}
