import type { InvoiceType, PaymentMethod } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql } from '../invoices/document-life.sql.js';

/*
 * What the FEC is written from (fec-entries.ts): the issuer's issued documents of the year and the
 * payments received in it. Days are Paris days as text (YYYY-MM-DD), amounts cents.
 */

export interface FecClient {
  id: string;
  name: string;
}

export interface SaleDocumentRow {
  id: string;
  type: InvoiceType;
  numero: string;
  /** Issue date: the entry's and the document's date. */
  day: string;
  /** When it was issued (sent, paid or written for a credit note): the entry's validation date. */
  validDay: string;
  htCents: number;
  vatCents: number;
  ttcCents: number;
  /** A final invoice: the deposits' TTC it deducts. */
  prepaidCents: number;
  nature: 'services' | 'biens' | 'mixte';
  client: FecClient;
  /** A credit note: the type of the document it corrects (a deposit's credit note reverses 4191). */
  creditedType: InvoiceType | null;
}

export interface ReceivedPaymentRow {
  id: string;
  day: string;
  validDay: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  numero: string;
  client: FecClient;
}

const yearBounds = (year: number) => ({ first: `${year}-01-01`, last: `${year}-12-31` });

/**
 * Issued documents of `year` by issue date, by the one definition of « émise » (issuedSql, DESIGN §5):
 * sent by any channel, marked sent or paid, or a credit note. A cancelled one never is (only an unsent
 * invoice is cancelled: its number stays in the numbers register, nothing sold). The client's directory name, so one auxiliary
 * account keeps one label.
 */
export async function saleDocuments(db: DbOrTx, issuerId: string, year: number): Promise<SaleDocumentRow[]> {
  const { first, last } = yearBounds(year);
  const result = await db.execute(sql`
    select d.id, d.type, d.numero, to_char(d.date_emission, 'YYYY-MM-DD') as day,
      to_char(d.issued_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as valid_day,
      d.total_ht_cents, d.total_vat_cents, d.total_ttc_cents, d.prepaid_cents,
      coalesce(d.mentions->>'natureOperation', 'services') as nature,
      c.id as client_id, c.nom as client_name, credited.type as credited_type
    from invoices d
      join clients c on c.id = d.client_id
      left join invoices credited on credited.id = d.credited_invoice_id
    where d.issuer_id = ${issuerId} and ${issuedSql('d')}
      and d.date_emission >= ${first}::date and d.date_emission <= ${last}::date
    order by d.date_emission, d.created_at, d.id
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    type: row.type as InvoiceType,
    numero: String(row.numero),
    day: String(row.day),
    validDay: String(row.valid_day),
    htCents: Number(row.total_ht_cents),
    vatCents: Number(row.total_vat_cents),
    ttcCents: Number(row.total_ttc_cents),
    prepaidCents: Number(row.prepaid_cents),
    nature: row.nature as SaleDocumentRow['nature'],
    client: { id: String(row.client_id), name: String(row.client_name) },
    creditedType: row.credited_type === null ? null : (row.credited_type as InvoiceType),
  }));
}

/** Confirmed payments received in `year` (the receipts book's rows), by day then recording. */
export async function receivedPayments(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<ReceivedPaymentRow[]> {
  const { first, last } = yearBounds(year);
  const result = await db.execute(sql`
    select p.id, to_char(p.date_paiement, 'YYYY-MM-DD') as day,
      to_char(coalesce(p.confirmed_at, p.created_at) at time zone 'Europe/Paris', 'YYYY-MM-DD') as valid_day,
      p.amount_cents, p.method, p.reference, d.numero, c.id as client_id, c.nom as client_name
    from payments p
      join invoices d on d.id = p.invoice_id
      join clients c on c.id = d.client_id
    where p.issuer_id = ${issuerId} and p.status = 'confirme'
      and p.date_paiement >= ${first}::date and p.date_paiement <= ${last}::date
    order by p.date_paiement, p.created_at, p.id
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    day: String(row.day),
    validDay: String(row.valid_day),
    amountCents: Number(row.amount_cents),
    method: row.method as PaymentMethod,
    reference: String(row.reference ?? ''),
    numero: String(row.numero),
    client: { id: String(row.client_id), name: String(row.client_name) },
  }));
}
