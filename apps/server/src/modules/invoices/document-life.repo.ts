import type { Dispute, SendingChannel } from '@facturo/shared';
import { and, eq, sql } from 'drizzle-orm';
import { invoices, payments } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';

/*
 * The writes of a document's life (packages/shared document-life.ts): each in the caller's transaction,
 * beside the change it records, so a state is never read half written. Idempotent: the first issue, the
 * first channel and the first view are kept.
 */

/**
 * Issued by `channel` at `at` (first sending, marking sent or paid; a credit note at creation, with no
 * channel unless it went to a Facturo account).
 */
export async function markIssued(
  tx: Tx,
  invoiceId: string,
  at: Date,
  channel: SendingChannel | null,
): Promise<void> {
  await tx
    .update(invoices)
    .set({
      issuedAt: sql`coalesce(${invoices.issuedAt}, ${at.toISOString()}::timestamptz)`,
      channel: sql`coalesce(${invoices.channel}, ${channel})`,
    })
    .where(eq(invoices.id, invoiceId));
}

/** The recipient opened it (in their account, or through the e-mailed link). Answers whether it was the first time. */
export async function markViewed(tx: Tx, invoiceId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(invoices)
    .set({ viewedAt: at })
    .where(and(eq(invoices.id, invoiceId), sql`${invoices.viewedAt} is null`))
    .returning({ id: invoices.id });
  return rows.length > 0;
}

/** The recipient refused or disputed it, or the approved platform rejected it: the last objection wins. */
export async function recordDispute(
  tx: Tx,
  invoiceId: string,
  dispute: Dispute,
  reason: string | null,
  at: Date,
): Promise<void> {
  await tx
    .update(invoices)
    .set({ dispute, disputeReason: reason, disputedAt: at })
    .where(eq(invoices.id, invoiceId));
}

/** A dispute settled (207 followed by 205 Approuvée): the invoice is payable again. */
export async function clearDispute(tx: Tx, invoiceId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({ dispute: null, disputeReason: null, disputedAt: null })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.dispute, 'litige')));
}

/** Recounts the declared payments awaiting the issuer, after one is declared, confirmed or rejected. */
export async function refreshDeclaredCents(tx: Tx, invoiceId: string): Promise<void> {
  await tx
    .update(invoices)
    .set({
      declaredCents: sql`coalesce((select sum(${payments.amountCents}) from ${payments}
        where ${payments.invoiceId} = ${invoiceId} and ${payments.status} = 'declare'), 0)`,
    })
    .where(eq(invoices.id, invoiceId));
}
