import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql, openSql } from '../invoices/document-life.sql.js';
import { newestFirst } from '../invoices/invoice-list.repo.js';
import { remainingDueSql } from '../payments/amount-due.sql.js';

/*
 * The dashboard's figures, each an SQL aggregate (issue 17; the performance issue's rule: no per-row work in
 * JavaScript). Sums of bigint columns are numerics, which the drivers hand over as strings: Number() them.
 * Days are Paris days (YYYY-MM-DD), as `date_paiement`, `date_emission` and `date_echeance` are.
 */

const cents = (value: unknown): number => Number(value ?? 0);

/** An invoice that still asks for money: issued, not a credit note, neither cancelled nor paid (openSql). */
const OPEN_DOCUMENT = openSql('d');

/** Open and past its due date on the Paris day `today`. */
const overdueSql = (today: string) => sql`(${OPEN_DOCUMENT} and d.date_echeance < ${today}::date)`;

/** What a document adds to « facturé »: its TTC net of the deposits it deducts, a credit note negative. */
const INVOICED_CENTS = sql`case when d.type = 'avoir' then -d.total_ttc_cents
  else d.total_ttc_cents - d.prepaid_cents end`;

/** Issued (« émise », DESIGN §5): an unsent numbered invoice is invoiced nowhere. */
const ISSUED = issuedSql('d');

export interface OwnFigures {
  collectedMonthCents: number;
  collectedYearCents: number;
  outstandingCents: number;
  overdueCents: number;
  overdueCount: number;
  averageDelayDays: number | null;
  hasInvoices: boolean;
}

/** The headline figures of an issuer, in one round trip. */
export async function issuerFigures(
  db: DbOrTx,
  issuerId: string,
  range: { today: string; monthStart: string; nextMonth: string; yearStart: string; nextYear: string },
): Promise<OwnFigures> {
  const remaining = remainingDueSql('d');
  const result = await db.execute(sql`
    select
      (select coalesce(sum(p.amount_cents), 0) from payments p
        where p.issuer_id = ${issuerId} and p.status = 'confirme'
          and p.date_paiement >= ${range.monthStart}::date and p.date_paiement < ${range.nextMonth}::date
      ) as collected_month,
      (select coalesce(sum(p.amount_cents), 0) from payments p
        where p.issuer_id = ${issuerId} and p.status = 'confirme'
          and p.date_paiement >= ${range.yearStart}::date and p.date_paiement < ${range.nextYear}::date
      ) as collected_year,
      (select coalesce(sum(${remaining}), 0) from invoices d
        where d.issuer_id = ${issuerId} and ${OPEN_DOCUMENT}) as outstanding,
      (select coalesce(sum(${remaining}), 0) from invoices d
        where d.issuer_id = ${issuerId} and ${overdueSql(range.today)}) as overdue,
      (select count(*) from invoices d
        where d.issuer_id = ${issuerId} and ${overdueSql(range.today)}) as overdue_count,
      (select round(avg(paid.last_day - paid.date_emission)) from (
        select d.date_emission, max(p.date_paiement) as last_day
        from invoices d join payments p on p.invoice_id = d.id and p.status = 'confirme'
        where d.issuer_id = ${issuerId} and d.type <> 'avoir' and ${ISSUED} and ${remaining} = 0
        group by d.id, d.date_emission
      ) paid) as average_delay,
      -- The newest invoice in the page index's order rather than exists (…): PostgreSQL plans an EXISTS as
      -- a sequential scan that stops at the first match when the issuer has many rows, which reads most of
      -- the table when those rows lie near its end (a recent bulk of invoices); in the index's order it is
      -- one probe of invoices_issuer_page_idx.
      (select d.id from invoices d where d.issuer_id = ${issuerId}
        order by ${newestFirst} limit 1) is not null as has_invoices
  `);
  const row = rowsOf(result)[0] ?? {};
  return {
    collectedMonthCents: cents(row.collected_month),
    collectedYearCents: cents(row.collected_year),
    outstandingCents: cents(row.outstanding),
    overdueCents: cents(row.overdue),
    overdueCount: cents(row.overdue_count),
    averageDelayDays: row.average_delay === null ? null : Number(row.average_delay),
    hasInvoices: row.has_invoices === true,
  };
}

export interface MonthRow {
  month: string;
  invoicedCents: number;
  collectedCents: number;
}

/** Invoiced (by issue month) and collected (by payment month) for each month from `from` to `last` (YYYY-MM-01). */
export async function monthlyFigures(
  db: DbOrTx,
  issuerId: string,
  from: string,
  last: string,
): Promise<MonthRow[]> {
  const result = await db.execute(sql`
    with invoiced as (
      select to_char(d.date_emission, 'YYYY-MM') as month, sum(${INVOICED_CENTS}) as cents
      from invoices d
      where d.issuer_id = ${issuerId} and ${ISSUED}
        and d.date_emission >= ${from}::date and d.date_emission < (${last}::date + interval '1 month')
      group by 1
    ), collected as (
      select to_char(p.date_paiement, 'YYYY-MM') as month, sum(p.amount_cents) as cents
      from payments p
      where p.issuer_id = ${issuerId} and p.status = 'confirme'
        and p.date_paiement >= ${from}::date and p.date_paiement < (${last}::date + interval '1 month')
      group by 1
    )
    select to_char(m, 'YYYY-MM') as month, coalesce(invoiced.cents, 0) as invoiced,
      coalesce(collected.cents, 0) as collected
    from generate_series(${from}::timestamp, ${last}::timestamp, interval '1 month') m
    left join invoiced on invoiced.month = to_char(m, 'YYYY-MM')
    left join collected on collected.month = to_char(m, 'YYYY-MM')
    order by 1
  `);
  return rowsOf(result).map((row) => ({
    month: String(row.month),
    invoicedCents: cents(row.invoiced),
    collectedCents: cents(row.collected),
  }));
}

export interface TopClientRow {
  clientId: string;
  name: string;
  invoicedCents: number;
  outstandingCents: number;
}

/** The five clients invoiced the most (issued documents, credit notes deducted), with what they still owe. */
export async function topClients(db: DbOrTx, issuerId: string): Promise<TopClientRow[]> {
  const result = await db.execute(sql`
    select c.id, c.nom, sum(${INVOICED_CENTS}) as invoiced,
      coalesce(sum(${remainingDueSql('d')}) filter (where ${OPEN_DOCUMENT}), 0) as outstanding
    from invoices d join clients c on c.id = d.client_id
    where d.issuer_id = ${issuerId} and ${ISSUED}
    group by c.id, c.nom
    order by invoiced desc, c.nom
    limit 5
  `);
  return rowsOf(result).map((row) => ({
    clientId: String(row.id),
    name: String(row.nom),
    invoicedCents: cents(row.invoiced),
    outstandingCents: cents(row.outstanding),
  }));
}

export interface DueRow {
  id: string;
  numero: string;
  counterpart: string;
  dueDate: string;
  remainingCents: number;
}

/** The unpaid invoices that fall due first (late ones first of all), five of them. */
async function dueInvoices(db: DbOrTx, owner: SQL, counterpart: SQL): Promise<DueRow[]> {
  const remaining = remainingDueSql('d');
  const result = await db.execute(sql`
    select d.id, d.numero, ${counterpart} as counterpart,
      to_char(d.date_echeance, 'YYYY-MM-DD') as due_date, ${remaining} as remaining
    from invoices d
    where ${owner} and ${OPEN_DOCUMENT} and ${remaining} > 0
    order by d.date_echeance, d.numero
    limit 5
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    numero: String(row.numero),
    counterpart: String(row.counterpart ?? ''),
    dueDate: String(row.due_date),
    remainingCents: cents(row.remaining),
  }));
}

export const issuerDueInvoices = (db: DbOrTx, issuerId: string) =>
  dueInvoices(db, sql`d.issuer_id = ${issuerId}`, sql`d.client_snapshot->>'nom'`);

export const recipientDueInvoices = (db: DbOrTx, recipientId: string) =>
  dueInvoices(
    db,
    sql`d.recipient_id = ${recipientId}`,
    sql`concat_ws(' ', d.issuer_snapshot->>'prenom', d.issuer_snapshot->>'nom')`,
  );

export interface RecipientFigures {
  dueCents: number;
  overdueCents: number;
  overdueCount: number;
  paidYearCents: number;
  hasInvoices: boolean;
}

/** A particulier's side: the invoices addressed to them on the platform. */
export async function recipientFigures(
  db: DbOrTx,
  recipientId: string,
  range: { today: string; yearStart: string; nextYear: string },
): Promise<RecipientFigures> {
  const remaining = remainingDueSql('d');
  const result = await db.execute(sql`
    select
      (select coalesce(sum(${remaining}), 0) from invoices d
        where d.recipient_id = ${recipientId} and ${OPEN_DOCUMENT}) as due,
      (select coalesce(sum(${remaining}), 0) from invoices d
        where d.recipient_id = ${recipientId} and ${overdueSql(range.today)}) as overdue,
      (select count(*) from invoices d
        where d.recipient_id = ${recipientId} and ${overdueSql(range.today)}) as overdue_count,
      (select coalesce(sum(p.amount_cents), 0) from payments p join invoices d on d.id = p.invoice_id
        where d.recipient_id = ${recipientId} and p.status = 'confirme'
          and p.date_paiement >= ${range.yearStart}::date and p.date_paiement < ${range.nextYear}::date
      ) as paid_year,
      exists (select 1 from invoices d where d.recipient_id = ${recipientId} and ${ISSUED})
        as has_invoices
  `);
  const row = rowsOf(result)[0] ?? {};
  return {
    dueCents: cents(row.due),
    overdueCents: cents(row.overdue),
    overdueCount: cents(row.overdue_count),
    paidYearCents: cents(row.paid_year),
    hasInvoices: row.has_invoices === true,
  };
}

/** Confirmed payments of an issuer per month of a year: twelve rows, January first. */
export async function collectedByMonth(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<{ month: string; cents: number }[]> {
  const result = await db.execute(sql`
    select to_char(m, 'YYYY-MM') as month, coalesce(sum(p.amount_cents), 0) as cents
    from generate_series(${`${year}-01-01`}::timestamp, ${`${year}-12-01`}::timestamp, interval '1 month') m
    left join payments p on p.issuer_id = ${issuerId} and p.status = 'confirme'
      and p.date_paiement >= m::date and p.date_paiement < (m + interval '1 month')::date
    group by m
    order by m
  `);
  return rowsOf(result).map((row) => ({ month: String(row.month), cents: cents(row.cents) }));
}
