import type { CounterpartState, NumberingSeries } from '@facturo/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type InvoiceRow, invoiceCounters, invoices, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import {
  counterpartStateOfIdSql,
  counterpartStateSql,
  type DocumentParties,
} from '../account/counterpart.presenter.js';

export type NewInvoice = typeof invoices.$inferInsert;
export type InvoiceChanges = Partial<Omit<NewInvoice, 'id' | 'issuerId' | 'numero' | 'year' | 'sequence'>>;

export interface RecipientIdentity {
  id: string;
  nom: string;
  prenom: string;
  email: string;
}

/** A credit note as the invoice it credits lists it (issue 15). */
export interface CreditSummary {
  id: string;
  numero: string;
  dateEmission: string;
  totalTtcCents: number;
}

/**
 * An invoice with the platform user who receives it, when there is one, and the credit notes issued
 * against it, oldest first (none for a credit note).
 */
export interface InvoiceRecord {
  invoice: InvoiceRow;
  recipient: RecipientIdentity | null;
  credits: CreditSummary[];
  /** Whether each party's account is still open; absent on a record built by hand (a new draft). */
  parties?: DocumentParties;
}

type BareRecord = Omit<InvoiceRecord, 'credits'>;

/** Ids per query: far below PostgreSQL's 65,535 parameters, whatever the size of a register. */
const CREDITS_CHUNK = 5_000;

/** The credit notes of every record, in one query per few thousand invoices (never one per invoice). */
async function withCredits(db: DbOrTx, records: BareRecord[]): Promise<InvoiceRecord[]> {
  const ids = records.filter(({ invoice }) => invoice.type !== 'avoir').map(({ invoice }) => invoice.id);
  const byInvoice = new Map<string, CreditSummary[]>();
  for (let i = 0; i < ids.length; i += CREDITS_CHUNK) {
    const rows = await db
      .select({
        creditedInvoiceId: invoices.creditedInvoiceId,
        id: invoices.id,
        numero: invoices.numero,
        dateEmission: invoices.dateEmission,
        totalTtcCents: invoices.totalTtcCents,
      })
      .from(invoices)
      .where(inArray(invoices.creditedInvoiceId, ids.slice(i, i + CREDITS_CHUNK)))
      .orderBy(asc(invoices.year), asc(invoices.sequence));
    for (const { creditedInvoiceId, ...credit } of rows) {
      if (!creditedInvoiceId) continue;
      byInvoice.set(creditedInvoiceId, [...(byInvoice.get(creditedInvoiceId) ?? []), credit]);
    }
  }
  return records.map((record) => ({ ...record, credits: byInvoice.get(record.invoice.id) ?? [] }));
}

/** The total TTC of the credit notes already issued against an invoice, in cents. */
export async function creditedCents(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${invoices.totalTtcCents}), 0)` })
    .from(invoices)
    .where(eq(invoices.creditedInvoiceId, invoiceId));
  return Number(row?.total ?? 0);
}

const recipientUser = alias(users, 'recipient_user');

function selectRecords(db: DbOrTx) {
  return db
    .select({
      invoice: invoices,
      recipient: {
        id: recipientUser.id,
        nom: recipientUser.nom,
        prenom: recipientUser.prenom,
        email: recipientUser.email,
      },
      parties: {
        issuer: sql<CounterpartState>`${counterpartStateOfIdSql(sql`${invoices.issuerId}`)}`,
        recipient: sql<CounterpartState>`${counterpartStateSql(sql`${recipientUser}`)}`,
      },
    })
    .from(invoices)
    .leftJoin(recipientUser, eq(recipientUser.id, invoices.recipientId));
}

const newestFirst = [desc(invoices.dateEmission), desc(invoices.year), desc(invoices.sequence)];

export async function listIssued(db: DbOrTx, issuerId: string): Promise<InvoiceRecord[]> {
  return withCredits(
    db,
    await selectRecords(db)
      .where(eq(invoices.issuerId, issuerId))
      .orderBy(...newestFirst),
  );
}

export async function listReceived(db: DbOrTx, recipientId: string): Promise<InvoiceRecord[]> {
  return withCredits(
    db,
    await selectRecords(db)
      .where(eq(invoices.recipientId, recipientId))
      .orderBy(...newestFirst),
  );
}

/** The invoice if the user is its issuer or its recipient; nobody else can tell it exists. */
export async function findVisibleInvoice(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<InvoiceRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(
      and(
        eq(invoices.id, id),
        sql`(${invoices.issuerId} = ${userId} OR ${invoices.recipientId} = ${userId})`,
      ),
    )
    .limit(1);
  return row ? (await withCredits(db, [row]))[0] : undefined;
}

/** Locks the row for the rest of the transaction, so two changes to one invoice never interleave. */
export async function lockInvoice(db: DbOrTx, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id)).for('update').limit(1);
  return row;
}

export async function insertInvoice(db: DbOrTx, values: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db
    .insert(invoices)
    .values({ ...values, ...issuedOnInsert(values) })
    .returning();
  if (!row) throw new Error('insert invoice returned nothing');
  return row;
}

/**
 * « Émise » (DESIGN §5) follows from what is written here whatever the caller: a credit note is issued as
 * it is written, any document at its first sending or payment. markIssued (document-life.repo.ts) records
 * the channel beside it; both keep the first date, so neither overrides the other.
 */
function issuedOnInsert(values: NewInvoice): Pick<NewInvoice, 'issuedAt'> {
  if (values.issuedAt) return {};
  const at = values.sentAt ?? values.paidAt ?? (values.type === 'avoir' ? new Date() : null);
  return at ? { issuedAt: at } : {};
}

function issuedOnUpdate(changes: InvoiceChanges) {
  const at = changes.sentAt ?? changes.paidAt;
  if (!at) return {};
  return { issuedAt: sql`coalesce(${invoices.issuedAt}, ${at.toISOString()}::timestamptz)` };
}

export async function updateInvoice(db: DbOrTx, id: string, changes: InvoiceChanges): Promise<void> {
  await db
    .update(invoices)
    .set({ ...changes, ...issuedOnUpdate(changes), updatedAt: sql`now()` })
    .where(eq(invoices.id, id));
}

/**
 * Takes the next number of the issuer's series and year. The upsert locks the counter row until the
 * transaction ends, so concurrent creations queue up and every number is used once, in order.
 */
export async function takeNextSequence(
  db: DbOrTx,
  issuerId: string,
  series: NumberingSeries,
  year: number,
): Promise<number> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ issuerId, series, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.issuerId, invoiceCounters.series, invoiceCounters.year],
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('counter upsert returned nothing');
  return row.lastNumber;
}

/** The last number given in the issuer's series and year (0 before the first): it never goes down. */
export async function lastSequence(
  db: DbOrTx,
  issuerId: string,
  series: NumberingSeries,
  year: number,
): Promise<number> {
  const [row] = await db
    .select({ lastNumber: invoiceCounters.lastNumber })
    .from(invoiceCounters)
    .where(
      and(
        eq(invoiceCounters.issuerId, issuerId),
        eq(invoiceCounters.series, series),
        eq(invoiceCounters.year, year),
      ),
    );
  return row?.lastNumber ?? 0;
}
