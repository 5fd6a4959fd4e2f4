import {
  type Dispute,
  type InvoiceType,
  LIFE_FILTERS,
  type LifeFilter,
  type SendingChannel,
} from '@facturo/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { instantKey } from '../../lib/keyset-page.js';
import { containsFolded } from '../../lib/text-search.js';
import {
  counterpartStateOfIdSql,
  counterpartStateSql,
  type DocumentParties,
  readCounterpartState,
} from '../account/counterpart.presenter.js';
import { creditedLateralSql } from '../payments/amount-due.sql.js';
import { lifeFilterSql } from './document-life.sql.js';
import type { ViewerRole } from './invoices.presenter.js';

/*
 * The SQL of the invoice lists (issue 16), shared with the quote lists (same columns, same order): one
 * page in the keyset order (newest issue date, newest creation, id) served by the `*_page_idx` indexes,
 * only the columns a row shows (never the lines, snapshots or mentions themselves), every filter in SQL.
 * Documents are `d`, their platform recipient `r`.
 */

/** Which rows a list holds: the reader's side, with its statuses, type and search already decided. */
export interface DocumentListFilters {
  /** The reader's side: their issued documents, or those they received. */
  side: ViewerRole;
  userId: string;
  /** One client's documents (issued side only). */
  clientId?: string;
  /** The reader's side's statuses the status filter keeps; null: no status filter. */
  statuses: readonly string[] | null;
  /** Invoices only: one type (facture, acompte, avoir), or all. */
  type?: InvoiceType | null;
  q?: string;
  /**
   * Invoices only: the life filter of `?status=` (lifeFilterSql for the reader's side), judged on the
   * Paris day `today`; `filter` null keeps every row but the cancelled ones. Replaces `statuses`.
   */
  life?: { filter: LifeFilter | null; today: string };
}

/** The sort key of a row: issue date, creation instant to the microsecond, id. */
export type DocumentSortKey = readonly [string, string, string];

/** What an invoice row and a quote row both show. */
export interface DocumentListRow {
  id: string;
  numero: string;
  dateEmission: string;
  objet: string;
  /** The first line's description: with the object, the row's label (invoiceLabel). */
  firstLine: string | null;
  totalHtCents: number;
  totalTtcCents: number;
  issuerStatus: string;
  recipientStatus: string;
  /** Microsecond instant keys (instantKey); the presenter cuts them to the API's milliseconds. */
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
  clientId: string;
  client: { nom: string; email: string; type: 'particulier' | 'entreprise' };
  issuerId: string;
  issuer: { nom: string; prenom: string; email: string };
  recipient: { id: string; nom: string; prenom: string; email: string } | null;
  /** Whether each party's account is still open (account/counterpart.presenter.ts). */
  parties: DocumentParties;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const nullableText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The columns of DocumentListRow, read from `d` and `r`. */
export const documentColumns = sql`d.id, d.numero, d.date_emission::text as date_emission, d.objet,
  d.lines->0->>'description' as first_line, d.total_ht_cents::text as total_ht_cents,
  d.total_ttc_cents::text as total_ttc_cents, d.issuer_status, d.recipient_status,
  ${instantKey(sql`d.sent_at`)} as sent_at, ${instantKey(sql`d.created_at`)} as created_key,
  ${instantKey(sql`d.updated_at`)} as updated_key,
  d.client_id, d.client_snapshot->>'nom' as client_nom, d.client_snapshot->>'email' as client_email,
  coalesce(d.client_snapshot->>'type',
    case when coalesce(d.client_snapshot->>'siret', '') <> '' then 'entreprise' else 'particulier' end)
    as client_type,
  d.issuer_id, d.issuer_snapshot->>'nom' as issuer_nom, d.issuer_snapshot->>'prenom' as issuer_prenom,
  d.issuer_snapshot->>'email' as issuer_email,
  r.id as recipient_id, r.nom as recipient_nom, r.prenom as recipient_prenom, r.email as recipient_email,
  ${counterpartStateOfIdSql(sql`d.issuer_id`)} as issuer_state, ${counterpartStateSql(sql`r`)} as recipient_state`;

export function readDocumentRow(r: Record<string, unknown>): DocumentListRow {
  return {
    id: text(r.id),
    numero: text(r.numero),
    dateEmission: text(r.date_emission),
    objet: text(r.objet),
    firstLine: nullableText(r.first_line),
    totalHtCents: Number(r.total_ht_cents),
    totalTtcCents: Number(r.total_ttc_cents),
    issuerStatus: text(r.issuer_status),
    recipientStatus: text(r.recipient_status),
    sentAt: nullableText(r.sent_at),
    createdAt: text(r.created_key),
    updatedAt: text(r.updated_key),
    clientId: text(r.client_id),
    // Written before issue 12, a snapshot has no type: a business was a client with a SIRET (readClient).
    client: {
      nom: text(r.client_nom),
      email: text(r.client_email),
      type: r.client_type === 'entreprise' ? 'entreprise' : 'particulier',
    },
    issuerId: text(r.issuer_id),
    issuer: { nom: text(r.issuer_nom), prenom: text(r.issuer_prenom), email: text(r.issuer_email) },
    parties: {
      issuer: readCounterpartState(r.issuer_state),
      recipient: readCounterpartState(r.recipient_state),
    },
    recipient:
      r.recipient_id === null || r.recipient_id === undefined
        ? null
        : {
            id: text(r.recipient_id),
            nom: text(r.recipient_nom),
            prenom: text(r.recipient_prenom),
            email: text(r.recipient_email),
          },
  };
}

export const sortKeyOf = (row: DocumentListRow): DocumentSortKey => [row.dateEmission, row.createdAt, row.id];

/**
 * The list's order, exactly as the page indexes hold it: drizzle writes their DESC columns NULLS LAST, and
 * PostgreSQL only reads an index in an order spelled the same way (a bare DESC means NULLS FIRST: the
 * planner would sort the issuer's every row instead), even though these columns are never null.
 */
export const newestFirst = sql`d.date_emission desc nulls last, d.created_at desc nulls last, d.id desc nulls last`;

/** After the previous page's last row, in newestFirst's order (a row-value comparison the index serves). */
export const afterKey = ([date, instant, id]: DocumentSortKey) =>
  sql`(d.date_emission, d.created_at, d.id) < (${date}::date, ${instant}::timestamptz, ${id}::uuid)`;

const inList = (column: SQL, values: readonly string[]) =>
  values.length === 0
    ? sql`false`
    : sql`${column} in (${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )})`;

/**
 * The filters of a list except its status, which totals count by (a status filter and the counts per
 * status come from the same rows). `q` looks in the number, the other party's name (the client on issued
 * documents, the issuer on received ones), the object and the first line (the row shows it as its label).
 */
export function baseConditions(filters: DocumentListFilters): SQL[] {
  const conditions: SQL[] =
    filters.side === 'emetteur'
      ? [sql`d.issuer_id = ${filters.userId}`]
      : [sql`d.recipient_id = ${filters.userId}`];
  if (filters.clientId !== undefined) conditions.push(sql`d.client_id = ${filters.clientId}`);
  if (filters.type) conditions.push(sql`d.type = ${filters.type}`);
  if (filters.q) {
    const q = filters.q;
    const otherParty =
      filters.side === 'emetteur'
        ? sql`d.client_snapshot->>'nom'`
        : sql`concat_ws(' ', d.issuer_snapshot->>'prenom', d.issuer_snapshot->>'nom')`;
    const searched = [sql`d.numero`, otherParty, sql`d.objet`, sql`d.lines->0->>'description'`];
    conditions.push(
      sql`(${sql.join(
        searched.map((column) => containsFolded(column, q)),
        sql` or `,
      )})`,
    );
  }
  return conditions;
}

/** The reader's side of a document's status. */
export const sideStatus = (side: ViewerRole) =>
  side === 'emetteur' ? sql`d.issuer_status` : sql`d.recipient_status`;

/** Every filter of a list, status included. */
export function listConditions(filters: DocumentListFilters): SQL {
  const conditions = baseConditions(filters);
  if (filters.statuses !== null) conditions.push(inList(sideStatus(filters.side), filters.statuses));
  if (filters.life)
    conditions.push(lifeFilterSql('d', filters.side, filters.life.filter, filters.life.today));
  return sql.join(conditions, sql` and `);
}

/** How many documents of a table match a list's filters, all pages together: the statement. */
export const countStatement = (table: 'invoices' | 'quotes', filters: DocumentListFilters) =>
  sql`select count(*)::int as n from ${sql.identifier(table)} d where ${listConditions(filters)}`;

export async function countDocuments(
  db: DbOrTx,
  table: 'invoices' | 'quotes',
  filters: DocumentListFilters,
): Promise<number> {
  const result = await db.execute(countStatement(table, filters));
  return Number(rowsOf(result)[0]?.n ?? 0);
}

/** An invoice's own fields in its row (issue 15: type, links, deposits; the credits of the page). */
export interface InvoiceListRow extends DocumentListRow {
  type: InvoiceType;
  dateEcheance: string;
  prepaidCents: number;
  /** Issue 17: the confirmed payments (invoices.paid_cents). */
  paidCents: number;
  paid: boolean;
  quote: { id: string; numero: string } | null;
  creditedInvoice: { id: string; numero: string; dateEmission: string; totalTtcCents: number } | null;
  /** TTC of the credit notes issued against it (0 for a credit note). */
  creditedCents: number;
  /** The number of the last of those credit notes. */
  lastCreditNumero: string | null;
  /** The document's life (document-life.ts). */
  life: StoredLife;
}

/** The life columns of an invoice row, as stored (document-life.repo.ts writes them). */
export interface StoredLife {
  issuedAt: string | null;
  channel: SendingChannel | null;
  viewedAt: string | null;
  dispute: Dispute | null;
  declaredCents: number;
}

/**
 * The statement of one page of invoices, `limit` rows after `after` (the bench replays it as it is). The
 * credit notes of the page's invoices are summed by one aggregate over the page (annuleeParAvoir), never
 * one query per row; a credit note has none.
 */
export function invoicePageStatement(
  filters: DocumentListFilters,
  after: DocumentSortKey | null,
  limit: number,
): SQL {
  const where = after ? sql`${listConditions(filters)} and ${afterKey(after)}` : listConditions(filters);
  return sql`
    with page as (
      select ${documentColumns}, d.type, d.date_echeance::text as date_echeance,
        d.prepaid_cents::text as prepaid_cents, d.paid_cents::text as paid_cents, d.paid_at is not null as paid,
        d.issued_at::text as issued_at, d.channel, d.viewed_at::text as viewed_at, d.dispute,
        d.declared_cents::text as declared_cents,
        d.refs->'quote'->>'id' as quote_id, d.refs->'quote'->>'numero' as quote_numero,
        d.refs->'creditedInvoice'->>'id' as credited_id, d.refs->'creditedInvoice'->>'numero' as credited_numero,
        d.refs->'creditedInvoice'->>'dateEmission' as credited_date,
        d.refs->'creditedInvoice'->>'totalTtcCents' as credited_ttc
      from invoices d left join users r on r.id = d.recipient_id
      where ${where}
      order by ${newestFirst}
      limit ${limit}
    ), credits as (
      select c.credited_invoice_id, sum(c.total_ttc_cents)::text as credited_cents,
        (array_agg(c.numero order by c.year desc, c.sequence desc))[1] as last_credit
      from invoices c
      where c.credited_invoice_id in (select id from page where type <> 'avoir')
      group by c.credited_invoice_id
    )
    select page.*, credits.credited_cents, credits.last_credit
    from page left join credits on credits.credited_invoice_id = page.id
    order by page.date_emission desc, page.created_key desc, page.id desc`;
}

export async function invoicePage(
  db: DbOrTx,
  filters: DocumentListFilters,
  after: DocumentSortKey | null,
  limit: number,
): Promise<InvoiceListRow[]> {
  const result = await db.execute(invoicePageStatement(filters, after, limit));
  return rowsOf(result).map((r) => ({
    ...readDocumentRow(r),
    type: r.type as InvoiceType,
    dateEcheance: text(r.date_echeance),
    prepaidCents: Number(r.prepaid_cents),
    paidCents: Number(r.paid_cents),
    paid: r.paid === true,
    quote: r.quote_id ? { id: text(r.quote_id), numero: text(r.quote_numero) } : null,
    creditedInvoice: r.credited_id
      ? {
          id: text(r.credited_id),
          numero: text(r.credited_numero),
          dateEmission: text(r.credited_date),
          totalTtcCents: Number(r.credited_ttc),
        }
      : null,
    creditedCents: Number(r.credited_cents ?? 0),
    lastCreditNumero: nullableText(r.last_credit),
    life: {
      issuedAt: nullableText(r.issued_at),
      channel: nullableText(r.channel) as SendingChannel | null,
      viewedAt: nullableText(r.viewed_at),
      dispute: nullableText(r.dispute) as Dispute | null,
      declaredCents: Number(r.declared_cents ?? 0),
    },
  }));
}

/** The list's figures: its own count and signed sum, and the count under each life filter. */
export interface LifeTotals {
  count: number;
  signedCents: number;
  /** Under every filter but the status (type, q): how many each life filter keeps. */
  byFilter: Record<LifeFilter, number>;
}

/**
 * The list's figures in one aggregate: a credit note counts negative, a final invoice only what its
 * deposits left due, and a cancelled invoice (owed by nobody) not at all — the sum the list used to
 * compute from every row (issue 15). The rows scanned are those of the other filters (type, q); each life
 * filter's count is one FILTER clause of the same scan, the list's own filter giving `count`.
 */
export async function invoiceLifeTotals(
  db: DbOrTx,
  filters: DocumentListFilters,
  today: string,
): Promise<LifeTotals> {
  const signed = sql`case when d.type = 'avoir' then d.prepaid_cents - d.total_ttc_cents
        else d.total_ttc_cents - d.prepaid_cents end`;
  // The credit notes' total of each row, joined once: inline, the life filters below would run its subquery
  // 46 times a row (10,000 invoices: 633 ms against 122 ms on a loaded machine).
  const creditedOnce = { credited: sql`credited.cents` };
  const own = lifeFilterSql('d', filters.side, filters.life?.filter ?? null, today, creditedOnce);
  const perFilter = LIFE_FILTERS.map(
    (filter) =>
      sql`(count(*) filter (where ${lifeFilterSql('d', filters.side, filter, today, creditedOnce)}))::int as ${sql.identifier(filter)}`,
  );
  const result = await db.execute(sql`
    select (count(*) filter (where ${own}))::int as n,
      coalesce(sum(${signed}) filter (where ${own} and d.issuer_status <> 'annulee'), 0)::text as signed_cents,
      ${sql.join(perFilter, sql`, `)}
    from invoices d cross join lateral ${creditedLateralSql('d')} credited
    where ${sql.join(baseConditions(filters), sql` and `)}`);
  const row = rowsOf(result)[0] ?? {};
  return {
    count: Number(row.n ?? 0),
    signedCents: Number(row.signed_cents ?? 0),
    byFilter: Object.fromEntries(LIFE_FILTERS.map((filter) => [filter, Number(row[filter] ?? 0)])) as Record<
      LifeFilter,
      number
    >,
  };
}
