import { and, asc, eq, sql } from 'drizzle-orm';
import { invoices, type PaymentRow, payments } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export type NewPayment = typeof payments.$inferInsert;

/** An invoice's payments, oldest first (the order they were written). */
export async function listPayments(db: DbOrTx, invoiceId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function findPayment(
  db: DbOrTx,
  invoiceId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.id, paymentId)))
    .limit(1);
  return row;
}

/** The payments the client declared and the issuer has not answered yet, oldest first. */
export async function declaredPayments(db: DbOrTx, invoiceId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.invoiceId, invoiceId), eq(payments.status, 'declare')))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('insert payment returned nothing');
  return row;
}

export async function setPaymentStatus(
  db: DbOrTx,
  paymentId: string,
  status: PaymentRow['status'],
  confirmedAt: Date | null,
): Promise<void> {
  await db.update(payments).set({ status, confirmedAt }).where(eq(payments.id, paymentId));
}

/** The issuer refused a declared payment: not counted, and the reason kept for the client. */
export async function rejectPayment(db: DbOrTx, paymentId: string, reason: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'rejete', confirmedAt: null, rejectionReason: reason })
    .where(eq(payments.id, paymentId));
}

export async function deletePayment(db: DbOrTx, paymentId: string): Promise<void> {
  await db.delete(payments).where(eq(payments.id, paymentId));
}

/**
 * invoices.paid_cents from the confirmed payments themselves (not incremented): exact whatever came
 * before. The caller holds the invoice's row lock, so no other payment of it is written meanwhile.
 */
export async function refreshPaidCents(db: DbOrTx, invoiceId: string): Promise<number> {
  const [row] = await db
    .update(invoices)
    .set({
      paidCents: sql`(select coalesce(sum(p.amount_cents), 0) from payments p
        where p.invoice_id = ${invoiceId} and p.status = 'confirme')`,
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, invoiceId))
    .returning({ paidCents: invoices.paidCents });
  return row?.paidCents ?? 0;
}
