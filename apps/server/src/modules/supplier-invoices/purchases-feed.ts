import { PURCHASE_RECEIPT_MAX_BYTES } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { purchases } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { findOriginal, type SupplierInvoiceEntry } from './supplier-invoices.repo.js';

/** BT-3 codes of credit notes: money back, which the purchases register (amounts > 0) does not hold. */
const CREDIT_NOTE_TYPE_CODES = ['381', '261', '262', '396', '502', '503'];

/**
 * Feeds the purchases register (issue 18) with an approved or paid supplier invoice, in the caller's
 * transaction: its issue day, supplier, number, TTC and VAT, and its original as the receipt when it is a
 * Factur-X PDF the register can hold. Answers the purchase's id, or null when the register cannot take
 * it (a credit note or a total of zero: the register counts money spent).
 */
export async function feedPurchasesRegister(tx: Tx, invoice: SupplierInvoiceEntry): Promise<string | null> {
  if (CREDIT_NOTE_TYPE_CODES.includes(invoice.typeCode) || invoice.totalTtcCents <= 0) return null;
  const original = await findOriginal(tx, invoice.userId, invoice.id);
  const receipt =
    original &&
    original.originalFormat === 'facturx' &&
    original.original.length <= PURCHASE_RECEIPT_MAX_BYTES
      ? original.original
      : null;
  const vat = Math.min(Math.max(invoice.totalVatCents, 0), invoice.totalTtcCents);
  const [row] = await tx
    .insert(purchases)
    .values({
      userId: invoice.userId,
      datePurchase: invoice.dateEmission,
      supplier: invoice.sellerName.slice(0, 140),
      description: `Facture ${invoice.numero}`.slice(0, 500),
      amountTtcCents: invoice.totalTtcCents,
      vatCents: vat,
      paymentMethod: 'virement',
      receipt,
      receiptContentType: receipt ? 'application/pdf' : null,
      receiptName: receipt ? (original?.fileName ?? `${invoice.numero}.pdf`) : null,
    })
    .returning({ id: purchases.id });
  return row?.id ?? null;
}

/** Takes back the purchase an invoice fed when it is refused after approval: it is not owed any more. */
export async function withdrawFromPurchasesRegister(tx: Tx, invoice: SupplierInvoiceEntry): Promise<void> {
  if (!invoice.purchaseId) return;
  await tx
    .delete(purchases)
    .where(and(eq(purchases.userId, invoice.userId), eq(purchases.id, invoice.purchaseId)));
}
