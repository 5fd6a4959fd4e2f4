import { randomUUID } from 'node:crypto';
import { type NumberingSeries, SERIES_OF } from '@facturo/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import {
  type ClientRow,
  clients,
  type InvoiceRow,
  invoiceCounters,
  invoices,
  journalEntries,
  type LegalMentionsRow,
  legalMentions,
} from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import { numberedContentAround } from '../journal/journal-events.js';
import type { NewInvoice } from './invoices.repo.js';

/**
 * The statements of an invoice's creation (issue 16), as few as the rules allow: the client and the
 * issuer's saved mentions in one query, then the counter's upsert, the insert and (issue 18) the
 * journal's `numero_attribue` entry in one statement.
 */

/** SERIES-YYYY-NNNN in SQL, as formatDocumentNumber writes it (at least 4 digits). */
const numeroSql = (series: unknown, year: unknown, sequence: SQL) =>
  sql`${series} || '-' || ${year}::text || '-' || lpad(${sequence}::text, greatest(4, length(${sequence}::text)), '0')`;

/**
 * The journal entry of one numbered invoice, in the same statement (a data-modifying CTE): the number
 * is the one SQL gives, so its content is written around it (journal-events.ts numberedContentAround);
 * the journal's trigger chains it as any other entry. Its values are the statement's parameters.
 */
function journalValues(
  row: { issuerId: unknown; type: unknown; id: unknown; head: unknown; tail: unknown },
  numero: SQL,
) {
  return sql`(${row.issuerId}::uuid, 'numero_attribue', ${row.type}, ${row.id}::uuid, ${numero},
    ${row.head}::text || to_json((${numero})::text)::text || ${row.tail}::text)`;
}

const journalInsert = (values: SQL) =>
  sql`insert into ${journalEntries} (issuer_id, kind, document_type, document_id, numero, content)
      values ${values} returning seq`;

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
 * The invoice with its id chosen here (the journal entry written with it names it) and that entry's
 * content around the number (`at`: the request's clock).
 */
function withJournal(values: UnnumberedInvoice, at: Date) {
  const id = values.id ?? randomUUID();
  const type = values.type ?? 'facture';
  const { head, tail } = numberedContentAround({
    issuerId: values.issuerId,
    type,
    id,
    at,
    totalTtcCents: values.totalTtcCents ?? 0,
    issuerStatus: values.issuerStatus ?? 'creee',
  });
  return { values: { ...values, id }, journal: { type, id, head, tail } };
}

/**
 * The numbered insert for one set of written columns, prepared: the upsert of the issuer's counter
 * (`invoice_counters`) and the insert that takes its value, every value a placeholder. See
 * insertNumberedInvoice for why one statement.
 */
function numberedInsertQuery(db: Db, columns: readonly Column[], name: string) {
  const counter = db.$with('counter', { lastNumber: sql<number>`last_number` }).as(
    sql`insert into ${invoiceCounters} (issuer_id, series, year, last_number)
        values (${sql.placeholder('issuerId')}, ${sql.placeholder('series')}, ${sql.placeholder('year')}, 1)
        on conflict (issuer_id, series, year) do update set last_number = ${invoiceCounters.lastNumber} + 1
        returning last_number`,
  );
  const sequence = sql`(select last_number from counter)`;
  const numero = numeroSql(sql.placeholder('series'), sql.placeholder('year'), sequence);
  const journal = db.$with('journal', { seq: sql<number>`seq` }).as(
    journalInsert(
      journalValues(
        {
          issuerId: sql.placeholder('issuerId'),
          type: sql.placeholder('journalType'),
          id: sql.placeholder('id'),
          head: sql.placeholder('journalHead'),
          tail: sql.placeholder('journalTail'),
        },
        numero,
      ),
    ),
  );
  const written = Object.fromEntries(
    columns.map(({ name: column, isNull }) => [column, isNull ? sql`null` : sql.placeholder(column)]),
  );
  return db
    .with(counter, journal)
    .insert(invoices)
    .values({
      ...(written as PgInsertValue<typeof invoices>),
      year: sql.placeholder('year'),
      sequence: sql`${sequence}`,
      numero,
    })
    .returning()
    .prepare(name);
}

/**
 * A column written: by a placeholder, or NULL in the text (drizzle would hand a null placeholder value to
 * the column's encoder: a jsonb column would store the JSON `null`, a timestamp would throw).
 */
interface Column {
  name: string;
  isNull: boolean;
}

/**
 * Per database handle, one prepared insert per set of columns written (a creation always writes the
 * same ones; a column left undefined keeps its default, so it is left out of the statement).
 */
const preparedInserts = new WeakMap<Db, Map<string, ReturnType<typeof numberedInsertQuery>>>();

function numberedInsert(db: Db, columns: Column[]) {
  let byColumns = preparedInserts.get(db);
  if (!byColumns) {
    byColumns = new Map();
    preparedInserts.set(db, byColumns);
  }
  const key = columns.map((c) => (c.isNull ? `${c.name}=null` : c.name)).join();
  let query = byColumns.get(key);
  if (!query) {
    // A statement's name must stay bound to one text on each connection: one name per column set.
    query = numberedInsertQuery(db, columns, `invoice_numbered_insert_${byColumns.size}`);
    byColumns.set(key, query);
  }
  return query;
}

/**
 * Takes the next number of the series and inserts the invoice with it, in one statement: the upsert
 * locks the issuer's counter row until the statement's transaction ends, so concurrent creations
 * queue on it and get consecutive numbers; if the insert fails, the whole statement (the counter's
 * increment included) is undone, so no number is lost. The number is formatted in SQL as
 * formatDocumentNumber does it (SERIES-YYYY-NNNN, at least 4 digits; a test holds the two together).
 */
export async function insertNumberedInvoice(
  db: Db,
  unjournalled: UnnumberedInvoice,
  year: number,
  at: Date,
): Promise<InvoiceRow> {
  const { values, journal } = withJournal(unjournalled, at);
  const series: NumberingSeries = SERIES_OF[values.type ?? 'facture'];
  const defined = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const columns = defined.map(([name, value]) => ({ name, isNull: value === null }));
  const [row] = await numberedInsert(db, columns).execute({
    ...Object.fromEntries(defined.filter(([, value]) => value !== null)),
    series,
    year,
    journalType: journal.type,
    journalHead: journal.head,
    journalTail: journal.tail,
  });
  if (!row) throw new Error('numbered insert returned nothing');
  return row;
}

/**
 * Several invoices of one issuer and series in one statement (invoice-numbering-queue.ts): the counter
 * moves by their number at once and they take its last values in the given order, under one lock and one
 * commit, each with its journal entry (in the same order: the trigger chains the rows as they come).
 * All or none: a failure takes no number and journals nothing. Rows come back in the given order.
 */
export async function insertNumberedInvoices(
  db: Db,
  unjournalled: readonly { values: UnnumberedInvoice; at: Date }[],
  year: number,
): Promise<InvoiceRow[]> {
  const batch = unjournalled.map(({ values, at }) => withJournal(values, at));
  const [first] = batch.map((b) => b.values);
  if (!first) return [];
  const series: NumberingSeries = SERIES_OF[first.type ?? 'facture'];
  const count = batch.length;
  const counter = db.$with('counter', { lastNumber: sql<number>`last_number` }).as(
    sql`insert into ${invoiceCounters} (issuer_id, series, year, last_number)
        values (${first.issuerId}, ${series}, ${year}, ${count})
        on conflict (issuer_id, series, year) do update set last_number = ${invoiceCounters.lastNumber} + ${count}
        returning last_number`,
  );
  const sequenceOf = (i: number) => sql`((select last_number from counter) - ${count - 1 - i})`;
  const rows = batch.map(({ values }, i) => ({
    ...values,
    year,
    sequence: sql`${sequenceOf(i)}`,
    numero: numeroSql(series, year, sequenceOf(i)),
  }));
  const journal = db.$with('journal', { seq: sql<number>`seq` }).as(
    journalInsert(
      sql.join(
        batch.map(({ journal: j, values }, i) =>
          journalValues(
            { issuerId: values.issuerId, type: j.type, id: j.id, head: j.head, tail: j.tail },
            numeroSql(series, year, sequenceOf(i)),
          ),
        ),
        sql`, `,
      ),
    ),
  );
  const inserted = await db.with(counter, journal).insert(invoices).values(rows).returning();
  if (inserted.length !== count) throw new Error('numbered batch insert returned the wrong number of rows');
  // The i-th invoice of the batch has the i-th sequence: matched by it, whatever order RETURNING chose.
  return inserted.sort((a, b) => a.sequence - b.sequence);
}
