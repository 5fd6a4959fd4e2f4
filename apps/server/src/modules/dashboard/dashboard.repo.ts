import { type SQL, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql, openSql } from '../invoices/document-life.sql.js';
import { remainingDueSql } from '../payments/amount-due.sql.js';

/*
 * A particulier's dashboard and the URSSAF helper's months, each an SQL aggregate (issue 17; the performance
 * issue's rule: no per-row work in JavaScript); a professional's dashboard is issuer-dashboard.repo.ts. Sums of bigint columns are numerics, which the drivers hand over as strings: Number() them.
 * Days are Paris days (YYYY-MM-DD), as `date_paiement`, `date_emission` and `date_echeance` are.
 */

const cents = (value: unknown): number => Number(value ?? 0);

/** An invoice that still asks for money: issued, not a credit note, neither cancelled nor paid (openSql). */
const OPEN_DOCUMENT = openSql('d');

/** Issued (« émise », DESIGN §5): an unsent numbered invoice is invoiced nowhere. */
const ISSUED = issuedSql('d');

/** Open and past its due date on the Paris day `today`. */
const overdueSql = (today: string) => sql`(${OPEN_DOCUMENT} and d.date_echeance < ${today}::date)`;

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
