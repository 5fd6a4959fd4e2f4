import type { LifecycleCode } from '@facturo/shared';
import type { LifecycleEventRow } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import type { PlatformQueue } from '../../../lib/jobs.js';
import { cdarXml } from '../cdar/cdar-xml.js';
import { queueSubmission } from '../platform/submission.js';
import { cdarOfDocument } from './cdar-of-document.js';
import { recordLifecycleEvent } from './lifecycle-events.repo.js';

/** A status Facturo's user sets on a document: the buyer's on a received invoice, the seller's on theirs. */
export interface EmittedStatus {
  userId: string;
  /** The buyer's received invoice (204, 205, 206, 207, 208, 210, 211, 214)… */
  supplierInvoiceId?: string;
  /** …or the seller's own invoice (209, 212, 220). */
  invoiceId?: string;
  code: LifecycleCode;
  reasonCode?: string;
  reason?: string;
  amountCents?: number;
  /** YYYY-MM-DD */
  paidOn?: string;
  at: Date;
}

/**
 * Sets a status in the caller's transaction: it joins the document's timeline and, when the document
 * travelled through a platform, its CDAR message is queued for the platform (queueSubmission): the
 * status, its message and the submit job commit together. Pass `queue` (ctx.platformJobs) for the
 * message to leave at once; without it the periodic poll sends it.
 */
export async function emitLifecycleStatus(
  tx: Tx,
  status: EmittedStatus,
  queue?: PlatformQueue,
): Promise<LifecycleEventRow | null> {
  const event = await recordLifecycleEvent(tx, {
    userId: status.userId,
    invoiceId: status.invoiceId,
    supplierInvoiceId: status.supplierInvoiceId,
    code: status.code,
    actor: status.invoiceId ? 'vendeur' : 'acheteur',
    reasonCode: status.reasonCode ?? null,
    reason: status.reason ?? null,
    amountCents: status.amountCents ?? null,
    paidOn: status.paidOn ?? null,
    occurredAt: status.at,
  });
  const message = await cdarOfDocument(tx, status);
  if (message) {
    await queueSubmission(
      tx,
      {
        userId: status.userId,
        kind: 'cdar',
        syntax: 'CDAR',
        fileName: `CDAR-${status.code}-${message.invoice.numero.replace(/[^\w.-]+/g, '_')}.xml`,
        content: Buffer.from(cdarXml(message), 'utf8'),
        ...(status.invoiceId ? { invoiceId: status.invoiceId } : {}),
        ...(status.supplierInvoiceId ? { supplierInvoiceId: status.supplierInvoiceId } : {}),
        statusCode: status.code,
      },
      queue,
    );
  }
  return event;
}
