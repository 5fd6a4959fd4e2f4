import type { InvoiceRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import { parisDate } from '../../../lib/paris-date.js';
import { refreshDeclaredCents } from '../../invoices/document-life.repo.js';
import { journalPayment } from '../../journal/journal-events.js';
import { remainingOf } from '../../payments/payment-settlement.js';
import { insertPayment } from '../../payments/payments.repo.js';

/**
 * 211 « Paiement transmis » from the buyer's platform: like a client's « payée » on Facturo (issue 17), a
 * payment DECLARED by the buyer, of the amount they say (at most what remains due), on their day. It counts
 * once the seller confirms it, which reports 212 Encaissée. Nothing due: nothing declared.
 */
export async function declareReceivedPayment(
  tx: Tx,
  invoice: InvoiceRow,
  payment: { amountCents: number; date: string } | null,
  at: Date,
): Promise<void> {
  const remaining = await remainingOf(tx, invoice);
  if (remaining === 0) return;
  const amountCents = Math.min(payment?.amountCents ?? remaining, remaining);
  if (amountCents <= 0) return;
  const declared = await insertPayment(tx, {
    invoiceId: invoice.id,
    issuerId: invoice.issuerId,
    datePaiement: payment?.date ?? parisDate(at),
    amountCents,
    method: 'virement',
    status: 'declare',
    source: 'destinataire',
  });
  await refreshDeclaredCents(tx, invoice.id);
  await journalPayment(tx, invoice, 'paiement', declared, at);
}
