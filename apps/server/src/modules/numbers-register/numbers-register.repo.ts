import type { InvoiceType, QuoteIssuerStatus } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql, lifeStateSql } from '../invoices/document-life.sql.js';

/*
 * What the numbers register is read from: the issuer's invoices, deposits and credit notes of a numbering
 * year (with their life on the issuer's side), their quotes, and the journal's trace of quotes deleted
 * before sending (the only documents whose row goes away; their number is never given again).
 */

export interface NumberedInvoiceRow {
  id: string;
  type: InvoiceType;
  numero: string;
  sequence: number;
  day: string;
  client: string;
  ttcCents: number;
  issued: boolean;
  state: string;
  cancelReason: string | null;
  /** The latest credit note against it, which cancelled it when the credits reach its total. */
  lastCreditNumero: string | null;
}

export interface NumberedQuoteRow {
  id: string;
  numero: string;
  sequence: number;
  day: string;
  client: string;
  ttcCents: number;
  status: QuoteIssuerStatus;
  sent: boolean;
}

export async function numberedInvoices(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<NumberedInvoiceRow[]> {
  const result = await db.execute(sql`
    select d.id, d.type, d.numero, d.sequence, to_char(d.date_emission, 'YYYY-MM-DD') as day,
      coalesce(d.client_snapshot->>'nom', '') as client, d.total_ttc_cents,
      ${issuedSql('d')} as issued, ${lifeStateSql('d', 'emetteur')} as state, d.cancel_reason,
      (select c.numero from invoices c where c.credited_invoice_id = d.id and c.type = 'avoir'
        order by c.sequence desc limit 1) as last_credit
    from invoices d
    where d.issuer_id = ${issuerId} and d.year = ${year}
    order by d.sequence
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    type: row.type as InvoiceType,
    numero: String(row.numero),
    sequence: Number(row.sequence),
    day: String(row.day),
    client: String(row.client),
    ttcCents: Number(row.total_ttc_cents),
    issued: row.issued === true,
    state: String(row.state),
    cancelReason: row.cancel_reason === null ? null : String(row.cancel_reason),
    lastCreditNumero: row.last_credit === null ? null : String(row.last_credit),
  }));
}

export async function numberedQuotes(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<NumberedQuoteRow[]> {
  const result = await db.execute(sql`
    select q.id, q.numero, q.sequence, to_char(q.date_emission, 'YYYY-MM-DD') as day,
      coalesce(q.client_snapshot->>'nom', '') as client, q.total_ttc_cents, q.issuer_status,
      (q.sent_at is not null) as sent
    from quotes q
    where q.issuer_id = ${issuerId} and q.year = ${year}
    order by q.sequence
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    numero: String(row.numero),
    sequence: Number(row.sequence),
    day: String(row.day),
    client: String(row.client),
    ttcCents: Number(row.total_ttc_cents),
    status: row.issuer_status as QuoteIssuerStatus,
    sent: row.sent === true,
  }));
}

/** The numbers of quotes deleted before sending, as the journal recorded them (numero → Paris day). */
export async function deletedQuoteNumbers(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select numero, to_char(min(recorded_at) at time zone 'Europe/Paris', 'YYYY-MM-DD') as day
    from journal_entries
    where issuer_id = ${issuerId} and kind = 'annulation' and document_type = 'devis'
      and numero like ${`DEV-${year}-%`}
    group by numero
  `);
  return new Map(rowsOf(result).map((row) => [String(row.numero), String(row.day)]));
}
