import type { LifecycleCode, LifecycleEvent } from '@facturo/shared';
import { centsToEuros, LIFECYCLE_STATUSES } from '@facturo/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type LifecycleEventRow, lifecycleEvents } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';

export interface NewLifecycleEvent {
  userId: string;
  /** The seller's invoice, or the buyer's received invoice: exactly one. */
  invoiceId?: string;
  supplierInvoiceId?: string;
  code: LifecycleCode;
  actor: LifecycleEventRow['actor'];
  reasonCode?: string | null;
  reason?: string | null;
  amountCents?: number | null;
  paidOn?: string | null;
  /** The platform's id of this status; a second record with the same id is ignored. */
  externalId?: string | null;
  occurredAt: Date;
}

/**
 * Records one status on a document's timeline; answers the row, or null when that platform status was
 * already recorded (same `externalId`: a webhook and a poll both brought it).
 */
export async function recordLifecycleEvent(
  db: DbOrTx,
  event: NewLifecycleEvent,
): Promise<LifecycleEventRow | null> {
  const [row] = await db
    .insert(lifecycleEvents)
    .values({
      userId: event.userId,
      invoiceId: event.invoiceId ?? null,
      supplierInvoiceId: event.supplierInvoiceId ?? null,
      code: event.code,
      actor: event.actor,
      reasonCode: event.reasonCode ?? null,
      reason: event.reason ?? null,
      amountCents: event.amountCents ?? null,
      paidOn: event.paidOn ?? null,
      externalId: event.externalId ?? null,
      occurredAt: event.occurredAt,
    })
    .onConflictDoNothing({
      target: [lifecycleEvents.userId, lifecycleEvents.externalId],
    })
    .returning();
  return row ?? null;
}

/** A document's timeline, oldest first. */
export async function listLifecycleEvents(
  db: DbOrTx,
  userId: string,
  document: { invoiceId: string } | { supplierInvoiceId: string },
): Promise<LifecycleEventRow[]> {
  const which =
    'invoiceId' in document
      ? eq(lifecycleEvents.invoiceId, document.invoiceId)
      : eq(lifecycleEvents.supplierInvoiceId, document.supplierInvoiceId);
  return db
    .select()
    .from(lifecycleEvents)
    .where(and(eq(lifecycleEvents.userId, userId), which))
    .orderBy(asc(lifecycleEvents.occurredAt), asc(sql`${lifecycleEvents.createdAt}`));
}

/** A status as the API shows it (both timelines). */
export function presentLifecycleEvent(row: LifecycleEventRow): LifecycleEvent {
  const info = (LIFECYCLE_STATUSES as Record<number, { libelle: string } | undefined>)[row.code];
  return {
    _id: row.id,
    code: row.code,
    libelle: info?.libelle ?? `Statut ${row.code}`,
    acteur: row.actor,
    motifCode: row.reasonCode,
    motif: row.reason,
    montant: row.amountCents === null ? null : centsToEuros(row.amountCents),
    datePaiement: row.paidOn,
    date: row.occurredAt.toISOString(),
  };
}
