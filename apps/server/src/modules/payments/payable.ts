import { MESSAGES } from '@facturo/shared';
import type { InvoiceRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';
import { lifeOfRow, storedLifeOf } from '../invoices/document-life.presenter.js';
import { creditedCents } from '../invoices/invoices.repo.js';

/**
 * Money recorded or declared only on what the shared life says is payable: not on a refused or rejected
 * invoice, a cancelled one or a credit note. Read as issued now, since paying an unsent invoice issues it
 * (« Marquer comme payée »). Nothing left to pay is the caller's own, more precise refusal.
 */
export async function refuseUnpayable(tx: Tx, invoice: InvoiceRow, now: Date): Promise<void> {
  const stored = storedLifeOf(invoice);
  const life = lifeOfRow(
    invoice,
    { ...stored, issuedAt: stored.issuedAt ?? now.toISOString() },
    await creditedCents(tx, invoice.id),
    'emetteur',
    parisDate(now),
  );
  if (life.payable || (life.resteCents === 0 && invoice.type !== 'avoir' && invoice.dispute === null)) return;
  throw new AppError(409, 'invoice_not_payable', MESSAGES.invoiceNotPayable);
}
