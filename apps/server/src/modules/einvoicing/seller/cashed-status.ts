import type { InvoiceRow, PaymentRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import type { PlatformQueue } from '../../../lib/jobs.js';
import { emitLifecycleStatus } from '../lifecycle/emit-status.js';
import { findInvoiceSubmission } from './platform-sending.repo.js';

/**
 * 212 « Encaissée » (XP Z12-012, mandatory for the seller): each payment the seller counts on an invoice
 * sent through the platform is reported with its amount and day, in the payment's transaction — the
 * statuses queue their CDAR for the platform (emit-status.ts). Invoices sent otherwise report nothing.
 * A payment removed later is not un-reported: a status sent stays sent (the next payment reports anew).
 */
export async function reportCashedPayment(
  tx: Tx,
  invoice: Pick<InvoiceRow, 'id' | 'issuerId'>,
  payment: Pick<PaymentRow, 'amountCents' | 'datePaiement'>,
  at: Date,
  queue: PlatformQueue,
): Promise<void> {
  if (!(await findInvoiceSubmission(tx, invoice.issuerId, invoice.id))) return;
  await emitLifecycleStatus(
    tx,
    {
      userId: invoice.issuerId,
      invoiceId: invoice.id,
      code: 212,
      amountCents: payment.amountCents,
      paidOn: payment.datePaiement,
      at,
    },
    queue,
  );
}
