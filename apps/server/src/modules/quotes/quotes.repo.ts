import type { CounterpartState } from '@facturo/shared';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { invoices, type QuoteRow, quotes, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import {
  counterpartStateOfIdSql,
  counterpartStateSql,
  type DocumentParties,
} from '../account/counterpart.presenter.js';
import type { RecipientIdentity } from '../invoices/invoices.repo.js';

export type NewQuote = typeof quotes.$inferInsert;
export type QuoteChanges = Partial<Omit<NewQuote, 'id' | 'issuerId' | 'numero' | 'year' | 'sequence'>>;

/** A quote with the platform user who receives it, when there is one. */
export interface QuoteRecord {
  quote: QuoteRow;
  recipient: RecipientIdentity | null;
  /** Whether each party's account is still open, read with the quote (account/counterpart.presenter.ts). */
  parties: DocumentParties;
}

const recipientUser = alias(users, 'recipient_user');

function selectRecords(db: DbOrTx) {
  return db
    .select({
      quote: quotes,
      recipient: {
        id: recipientUser.id,
        nom: recipientUser.nom,
        prenom: recipientUser.prenom,
        email: recipientUser.email,
      },
      parties: {
        issuer: sql<CounterpartState>`${counterpartStateOfIdSql(sql`${quotes.issuerId}`)}`,
        recipient: sql<CounterpartState>`${counterpartStateSql(sql`${recipientUser}`)}`,
      },
    })
    .from(quotes)
    .leftJoin(recipientUser, eq(recipientUser.id, quotes.recipientId));
}

/** The quote if the user is its issuer or its recipient; nobody else can tell it exists. */
export async function findVisibleQuote(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<QuoteRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(quotes.id, id), sql`(${quotes.issuerId} = ${userId} OR ${quotes.recipientId} = ${userId})`))
    .limit(1);
  return row;
}

/**
 * A sent quote, whoever asks: for its signed link, whose signature is the permission. A quote never sent
 * has no link, and a deleted one none any more.
 */
export async function findSentQuote(db: DbOrTx, id: string): Promise<QuoteRecord | undefined> {
  const [row] = await selectRecords(db)
    .where(and(eq(quotes.id, id), isNotNull(quotes.sentAt)))
    .limit(1);
  return row;
}

/** Locks the row for the rest of the transaction: two changes to one quote never interleave. */
export async function lockQuote(db: DbOrTx, id: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id)).for('update').limit(1);
  return row;
}

export async function insertQuote(db: DbOrTx, values: NewQuote): Promise<QuoteRow> {
  const [row] = await db.insert(quotes).values(values).returning();
  if (!row) throw new Error('insert quote returned nothing');
  return row;
}

export async function updateQuote(db: DbOrTx, id: string, changes: QuoteChanges): Promise<void> {
  await db
    .update(quotes)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(quotes.id, id));
}

export async function deleteQuote(db: DbOrTx, id: string): Promise<void> {
  await db.delete(quotes).where(eq(quotes.id, id));
}

/** An invoice made from a quote (a deposit or its final invoice), with what credit notes took back. */
export interface QuoteInvoice {
  id: string;
  quoteId: string;
  type: 'facture' | 'acompte' | 'avoir';
  numero: string;
  dateEmission: string;
  totalTtcCents: number;
  /** TTC of the credit notes issued against it (positive). */
  creditedCents: number;
}

/**
 * The invoices made from these quotes, cancelled ones left out, each with the TTC its credit notes took
 * back: one query for a whole list. The outer row is named in full: drizzle writes a selected column
 * unqualified ("id"), which inside the subquery would be the credit note's own id.
 */
export async function invoicesOfQuotes(db: DbOrTx, quoteIds: readonly string[]): Promise<QuoteInvoice[]> {
  if (quoteIds.length === 0) return [];
  const rows = await db
    .select({
      id: invoices.id,
      quoteId: invoices.quoteId,
      type: invoices.type,
      numero: invoices.numero,
      dateEmission: invoices.dateEmission,
      totalTtcCents: invoices.totalTtcCents,
      creditedCents:
        sql<number>`(select coalesce(sum(credit_note.total_ttc_cents), 0) from invoices credit_note
        where credit_note.credited_invoice_id = "invoices"."id" and credit_note.type = 'avoir')`.mapWith(
          Number,
        ),
    })
    .from(invoices)
    .where(and(inArray(invoices.quoteId, [...quoteIds]), ne(invoices.issuerStatus, 'annulee')))
    .orderBy(invoices.year, invoices.sequence);
  return rows.flatMap((row) => (row.quoteId ? [{ ...row, quoteId: row.quoteId }] : []));
}
