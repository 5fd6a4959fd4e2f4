import type { InvoiceType, PaymentMethod } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { issuedSql } from '../invoices/document-life.sql.js';

/*
 * What the FEC is written from (fec-entries.ts): the issuer's issued documents and the payments received,
 * up to the end of the year. Earlier years come too: VAT waiting for a payment (fec-vat-due.ts) is
 * followed from the document that put it there, whatever year that was. Days are Paris days as text
 * (YYYY-MM-DD), amounts cents; `recordedAt` (UTC, sortable text) orders what happened on one day.
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
  recordedAt: string;
  htCents: number;
  vatCents: number;
  ttcCents: number;
  /** A final invoice: the deposits' TTC it deducts. */
  prepaidCents: number;
  /** A final invoice: the VAT of the deposits it deducts, net of their credit notes written before it. */
  deductedVatCents: number;
  /** A final invoice: the deposits it deducts. */
  deductedDepositIds: string[];
  nature: 'services' | 'biens' | 'mixte';
  /** The seller charged VAT (`reel`) and had opted for VAT on debits when the document was written. */
  vatOnDebits: boolean;
  client: FecClient;
  /** A credit note: the document it corrects, and its type (a deposit's credit note reverses 4191). */
  creditedId: string | null;
  creditedType: InvoiceType | null;
}

export interface ReceivedPaymentRow {
  id: string;
  /** The document it pays. */
  invoiceId: string;
  day: string;
  validDay: string;
  recordedAt: string;
  amountCents: number;
  method: PaymentMethod;
  reference: string;
  numero: string;
  client: FecClient;
}

const lastDayOf = (year: number) => `${year}-12-31`;
const recordedAtSql = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')`);

/** jsonb comes parsed from one driver and as text from another. */
function depositIdsOf(value: unknown): string[] {
  const refs: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(refs)) return [];
  return refs.flatMap((ref: unknown) =>
    typeof ref === 'object' && ref !== null && 'id' in ref && typeof ref.id === 'string' ? [ref.id] : [],
  );
}

/**
 * Issued documents dated up to the end of `year`, by issue date, by the one definition of « émise »
 * (issuedSql, DESIGN §5): sent by any channel, marked sent or paid, or a credit note. A cancelled one
 * never is (only an unsent invoice is cancelled: its number stays in the numbers register, nothing sold).
 * The client's directory name, so one auxiliary account keeps one label. A final invoice's deducted VAT is
 * read from the deposits its refs list, as the final invoice deducted them when written.
 */
export async function saleDocuments(db: DbOrTx, issuerId: string, year: number): Promise<SaleDocumentRow[]> {
  const result = await db.execute(sql`
    select d.id, d.type, d.numero, to_char(d.date_emission, 'YYYY-MM-DD') as day,
      to_char(d.issued_at at time zone 'Europe/Paris', 'YYYY-MM-DD') as valid_day,
      ${recordedAtSql('d.created_at')} as recorded_at,
      d.total_ht_cents, d.total_vat_cents, d.total_ttc_cents, d.prepaid_cents,
      coalesce(d.mentions->>'natureOperation', 'services') as nature,
      coalesce(d.issuer_snapshot->>'regimeTva' = 'reel'
        and (d.issuer_snapshot->>'optionDebits')::boolean, false) as vat_on_debits,
      coalesce(d.refs->'deposits', '[]'::jsonb) as deposit_refs,
      case when d.prepaid_cents = 0 then 0 else coalesce((
        select sum(deposit.total_vat_cents - coalesce((
          select sum(credit_note.total_vat_cents) from invoices credit_note
          where credit_note.credited_invoice_id = deposit.id and credit_note.type = 'avoir'
            and credit_note.created_at < d.created_at), 0))
        from invoices deposit
        -- The ids as uuids, so each deposit is found by its primary key (never a scan of the table).
        where deposit.id = any(array(
            select (ref->>'id')::uuid from jsonb_array_elements(coalesce(d.refs->'deposits', '[]'::jsonb)) ref))
          and deposit.issuer_id = d.issuer_id and deposit.type = 'acompte'
      ), 0) end as deducted_vat_cents,
      c.id as client_id, c.nom as client_name, d.credited_invoice_id as credited_id,
      -- A credit note's invoice by its primary key, and only for credit notes: joined, the planner hashed the
      -- whole table once parallel workers were off (a plan growing with everyone's invoices).
      case when d.credited_invoice_id is null then null else (
        select credited.type from invoices credited where credited.id = d.credited_invoice_id) end as credited_type
    from invoices d
      join clients c on c.id = d.client_id
    where d.issuer_id = ${issuerId} and ${issuedSql('d')}
      and d.date_emission <= ${lastDayOf(year)}::date
    order by d.date_emission, d.created_at, d.id
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    type: row.type as InvoiceType,
    numero: String(row.numero),
    day: String(row.day),
    validDay: String(row.valid_day),
    recordedAt: String(row.recorded_at),
    htCents: Number(row.total_ht_cents),
    vatCents: Number(row.total_vat_cents),
    ttcCents: Number(row.total_ttc_cents),
    prepaidCents: Number(row.prepaid_cents),
    deductedVatCents: Number(row.deducted_vat_cents),
    deductedDepositIds: depositIdsOf(row.deposit_refs),
    nature: row.nature as SaleDocumentRow['nature'],
    vatOnDebits: row.vat_on_debits === true || row.vat_on_debits === 't',
    client: { id: String(row.client_id), name: String(row.client_name) },
    creditedId: row.credited_id === null ? null : String(row.credited_id),
    creditedType: row.credited_type === null ? null : (row.credited_type as InvoiceType),
  }));
}

/** Confirmed payments received up to the end of `year` (the receipts book's rows), by day then recording. */
export async function receivedPayments(
  db: DbOrTx,
  issuerId: string,
  year: number,
): Promise<ReceivedPaymentRow[]> {
  const result = await db.execute(sql`
    select p.id, p.invoice_id, to_char(p.date_paiement, 'YYYY-MM-DD') as day,
      to_char(coalesce(p.confirmed_at, p.created_at) at time zone 'Europe/Paris', 'YYYY-MM-DD') as valid_day,
      ${recordedAtSql('p.created_at')} as recorded_at,
      p.amount_cents, p.method, p.reference, d.numero, c.id as client_id, c.nom as client_name
    from payments p
      -- The invoice's issuer stated too: over years of payments, its index reads only this issuer's invoices.
      join invoices d on d.id = p.invoice_id and d.issuer_id = ${issuerId}
      join clients c on c.id = d.client_id
    where p.issuer_id = ${issuerId} and p.status = 'confirme'
      and p.date_paiement <= ${lastDayOf(year)}::date
    order by p.date_paiement, p.created_at, p.id
  `);
  return rowsOf(result).map((row) => ({
    id: String(row.id),
    invoiceId: String(row.invoice_id),
    day: String(row.day),
    validDay: String(row.valid_day),
    recordedAt: String(row.recorded_at),
    amountCents: Number(row.amount_cents),
    method: row.method as PaymentMethod,
    reference: String(row.reference ?? ''),
    numero: String(row.numero),
    client: { id: String(row.client_id), name: String(row.client_name) },
  }));
}
