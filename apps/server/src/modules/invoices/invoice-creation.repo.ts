import { type NumberingSeries, SERIES_OF } from '@facturo/shared';
import { and, eq, sql } from 'drizzle-orm';
import {
  type ClientRow,
  clients,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  type LegalMentionsRow,
  legalMentions,
} from '../../db/schema.js';
import type { Db, DbOrTx } from '../../db/types.js';
import type { NewInvoice } from './invoices.repo.js';

/**
 * The statements of an invoice's creation (issue 16), as few as the rules allow: the client and the
 * issuer's saved mentions in one query, then the counter's upsert and the insert in one statement.
 */

function clientWithMentionsQuery(db: Db) {
  return db
    .select({ client: clients, mentions: legalMentions })
    .from(clients)
    .leftJoin(legalMentions, eq(legalMentions.userId, clients.ownerId))
    .where(and(eq(clients.ownerId, sql.placeholder('ownerId')), eq(clients.id, sql.placeholder('clientId'))))
    .limit(1)
    .prepare('invoice_client_with_mentions');
}

/**
 * Prepared once per database handle: drizzle builds the SQL text once, and PostgreSQL parses and
 * plans it once per connection (a named statement), instead of both on every creation.
 */
const preparedClientQueries = new WeakMap<Db, ReturnType<typeof clientWithMentionsQuery>>();

/** The issuer's client (undefined when it is not theirs) with the issuer's saved legal mentions, if any. */
export async function findClientWithMentions(
  db: Db,
  ownerId: string,
  clientId: string,
): Promise<{ client: ClientRow; mentions: LegalMentionsRow | undefined } | undefined> {
  let query = preparedClientQueries.get(db);
  if (!query) {
    query = clientWithMentionsQuery(db);
    preparedClientQueries.set(db, query);
  }
  const [row] = await query.execute({ ownerId, clientId });
  return row ? { client: row.client, mentions: row.mentions ?? undefined } : undefined;
}

/** An invoice as written, before the numbering gives it its number, year and sequence. */
export type UnnumberedInvoice = Omit<NewInvoice, 'numero' | 'year' | 'sequence'>;

/**
 * Takes the next number of the series and inserts the invoice with it, in one statement: the upsert
 * locks the issuer's counter row until the statement's transaction ends, so concurrent creations
 * queue on it and get consecutive numbers; if the insert fails, the whole statement (the counter's
 * increment included) is undone, so no number is lost. The number is formatted in SQL as
 * formatDocumentNumber does it (SERIES-YYYY-NNNN, at least 4 digits; a test holds the two together).
 */
export async function insertNumberedInvoice(
  db: DbOrTx,
  values: UnnumberedInvoice,
  year: number,
): Promise<InvoiceRow> {
  const series: NumberingSeries = SERIES_OF[values.type ?? 'facture'];
  const counter = db.$with('counter', { lastNumber: sql<number>`last_number` }).as(
    sql`insert into ${invoiceCounters} (issuer_id, series, year, last_number)
        values (${values.issuerId}, ${series}, ${year}, 1)
        on conflict (issuer_id, series, year) do update set last_number = ${invoiceCounters.lastNumber} + 1
        returning last_number`,
  );
  const sequence = sql`(select last_number from counter)`;
  const [row] = await db
    .with(counter)
    .insert(invoices)
    .values({
      ...values,
      year,
      sequence: sql`${sequence}`,
      numero: sql`${series} || '-' || ${year}::text || '-' || lpad(${sequence}::text, greatest(4, length(${sequence}::text)), '0')`,
    })
    .returning();
  if (!row) throw new Error('numbered insert returned nothing');
  return row;
}
