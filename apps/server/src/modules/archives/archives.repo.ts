import type { ArchiveStatus } from '@facturo/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type InvoiceRow, invoices, type YearlyArchiveRow, yearlyArchives } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/types.js';

/** An archive's row as lists show it: everything but the ZIP's bytes, with its size. */
export type ArchiveSummary = Omit<YearlyArchiveRow, 'zip'> & { size: number | null };

const summaryColumns = {
  id: yearlyArchives.id,
  userId: yearlyArchives.userId,
  year: yearlyArchives.year,
  status: yearlyArchives.status,
  done: yearlyArchives.done,
  total: yearlyArchives.total,
  sha256: yearlyArchives.sha256,
  error: yearlyArchives.error,
  createdAt: yearlyArchives.createdAt,
  updatedAt: yearlyArchives.updatedAt,
  size: sql<number | null>`octet_length(${yearlyArchives.zip})`.mapWith((value) =>
    value === null ? null : Number(value),
  ),
};

export async function listArchives(db: DbOrTx, userId: string): Promise<ArchiveSummary[]> {
  return db
    .select(summaryColumns)
    .from(yearlyArchives)
    .where(eq(yearlyArchives.userId, userId))
    .orderBy(desc(yearlyArchives.createdAt), desc(yearlyArchives.id));
}

/** The user's archive `id`, or undefined when it is not theirs (the caller answers 404 either way). */
export async function findArchive(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<ArchiveSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(yearlyArchives)
    .where(and(eq(yearlyArchives.id, id), eq(yearlyArchives.userId, userId)))
    .limit(1);
  return row;
}

/** The job's view of its archive, whoever owns it. */
export async function archiveById(db: DbOrTx, id: string): Promise<ArchiveSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(yearlyArchives)
    .where(eq(yearlyArchives.id, id))
    .limit(1);
  return row;
}

export async function archiveZip(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<Pick<YearlyArchiveRow, 'year' | 'status' | 'zip' | 'sha256'> | undefined> {
  const [row] = await db
    .select({
      year: yearlyArchives.year,
      status: yearlyArchives.status,
      zip: yearlyArchives.zip,
      sha256: yearlyArchives.sha256,
    })
    .from(yearlyArchives)
    .where(and(eq(yearlyArchives.id, id), eq(yearlyArchives.userId, userId)))
    .limit(1);
  return row;
}

/**
 * Serialises the requests of one user's year: the second of two concurrent POSTs waits for the first's
 * commit, then finds its archive (PostgreSQL's transaction-scoped advisory lock; PGlite has one
 * connection and runs transactions one after the other anyway).
 */
export async function lockArchiveYear(tx: Tx, userId: string, year: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`archive:${userId}:${year}`}, 0))`);
}

/** The user's archive of `year` still waiting or being built, newest first. */
export async function findUnfinished(
  tx: Tx,
  userId: string,
  year: number,
): Promise<ArchiveSummary | undefined> {
  const [row] = await tx
    .select(summaryColumns)
    .from(yearlyArchives)
    .where(
      and(
        eq(yearlyArchives.userId, userId),
        eq(yearlyArchives.year, year),
        inArray(yearlyArchives.status, ['en_attente', 'en_cours']),
      ),
    )
    .orderBy(desc(yearlyArchives.createdAt))
    .limit(1);
  return row;
}

export async function insertArchive(
  tx: Tx,
  userId: string,
  year: number,
  now: Date,
): Promise<ArchiveSummary> {
  const [row] = await tx
    .insert(yearlyArchives)
    .values({ userId, year, createdAt: now, updatedAt: now })
    .returning({ id: yearlyArchives.id });
  if (!row) throw new Error('archive non créée');
  const created = await archiveById(tx, row.id);
  if (!created) throw new Error('archive créée introuvable');
  return created;
}

/**
 * Moves an unfinished archive on: status, progress, and (when ready) its ZIP, or (when failed) why;
 * whether it did. A
 * ready or failed archive is never changed: a try that went on somewhere after its job was given to
 * another replica (hung, not killed) cannot move a finished archive back nor replace its ZIP.
 */
export async function updateArchive(
  db: DbOrTx,
  id: string,
  change: {
    status?: ArchiveStatus;
    done?: number;
    total?: number;
    zip?: Buffer | null;
    sha256?: string | null;
    error?: string | null;
  },
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(yearlyArchives)
    .set({ ...change, updatedAt: now })
    .where(and(eq(yearlyArchives.id, id), inArray(yearlyArchives.status, ['en_attente', 'en_cours'])))
    .returning({ id: yearlyArchives.id });
  return updated.length > 0;
}

/**
 * The ids of `issuerId`'s issued documents dated in `year` (invoices, deposits, credit notes), in the
 * order of their issue, by the one definition of « émise » (DESIGN §5: issued_at). Unsent numbered ones,
 * drafts and cancelled alike, are no documents of the year: the numbers register beside them says why.
 */
export async function issuedDocumentIds(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<{ id: string; numero: string }[]> {
  return db
    .select({ id: invoices.id, numero: invoices.numero })
    .from(invoices)
    .where(
      and(
        eq(invoices.issuerId, issuerId),
        gte(invoices.dateEmission, `${year}-01-01`),
        lte(invoices.dateEmission, `${year}-12-31`),
        isNotNull(invoices.issuedAt),
      ),
    )
    .orderBy(asc(invoices.dateEmission), asc(invoices.numero));
}

export async function invoiceRow(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  return row;
}
