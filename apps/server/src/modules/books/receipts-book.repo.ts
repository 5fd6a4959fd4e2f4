import type { PaymentMethod } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';

/** One confirmed payment as the receipts book prints it; amounts in cents. */
export interface ReceiptRow {
  paymentId: string;
  /** YYYY-MM-DD: the day the money was received. */
  date: string;
  client: string;
  nature: string;
  amountCents: number;
  method: PaymentMethod;
  invoiceId: string;
  numero: string;
  reference: string;
}

/** Long enough for any object a person writes; past it, the lines of a 500-line invoice would swamp a row. */
const NATURE_MAX = 200;

/**
 * The issuer's confirmed payments received from `debut` to `fin` (both included), oldest first and, on one
 * day, in the order they were recorded. Only confirmed ones: a declared payment is the client's word, a
 * rejected one never came (issue 17). The client is the one the invoice names (its snapshot, as issued);
 * the nature is the invoice's object, else its lines' descriptions. Served by payments_issuer_date_idx.
 */
export async function receiptRows(
  db: DbOrTx,
  issuerId: string,
  period: { debut: string; fin: string },
): Promise<ReceiptRow[]> {
  const result = await db.execute(sql`
    select p.id, to_char(p.date_paiement, 'YYYY-MM-DD') as day, p.amount_cents, p.method, p.reference,
      d.id as invoice_id, d.numero, coalesce(d.client_snapshot->>'nom', '') as client,
      left(coalesce(nullif(btrim(d.objet), ''),
        (select string_agg(l->>'description', ', ' order by n)
          from jsonb_array_elements(d.lines) with ordinality as e(l, n)), ''), ${NATURE_MAX}) as nature
    from payments p join invoices d on d.id = p.invoice_id
    where p.issuer_id = ${issuerId} and p.status = 'confirme'
      and p.date_paiement >= ${period.debut}::date and p.date_paiement <= ${period.fin}::date
    order by p.date_paiement, p.created_at, p.id
  `);
  return rowsOf(result).map((row) => ({
    paymentId: String(row.id),
    date: String(row.day),
    client: String(row.client),
    nature: String(row.nature),
    amountCents: Number(row.amount_cents),
    method: row.method as PaymentMethod,
    invoiceId: String(row.invoice_id),
    numero: String(row.numero),
    reference: String(row.reference ?? ''),
  }));
}
