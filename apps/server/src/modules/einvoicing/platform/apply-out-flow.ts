import { eq } from 'drizzle-orm';
import { type PlatformFlowRow, platformFlows } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import { type LiveEvent, publishEvents } from '../../../lib/events/publish.js';
import { recordDispute } from '../../invoices/document-life.repo.js';
import { recordLifecycleEvent } from '../lifecycle/lifecycle-events.repo.js';
import { platformStatusId } from '../lifecycle/platform-status-id.js';
import type { FlowInfo } from './einvoicing-platform.js';

/**
 * What the platform's acknowledgement says of a flow Facturo submitted (its technical integration):
 * `Ok` → the row is `deposee` and the invoice gets 200 « Déposée »; `Error` → the row is `rejetee` and the
 * invoice gets 213 « Rejetée » with the details' messages as reason; `Pending` changes nothing yet. The
 * lifecycle statuses themselves travel as CDAR flows (sync-flows.ts): a status the platform sends both ways
 * is recorded once (platformStatusId), and the user's pages hear `lifecycle.changed`.
 */
export async function applyOutFlow(tx: Tx, row: PlatformFlowRow, flow: FlowInfo): Promise<void> {
  const { status, details } = flow.acknowledgement;
  if (status === 'Pending') {
    await tx
      .update(platformFlows)
      .set({ flowId: flow.flowId, updatedAt: new Date() })
      .where(eq(platformFlows.id, row.id));
    return;
  }
  const rejected = status === 'Error';
  const code = rejected ? 213 : 200;
  const reason = rejected ? rejectionReason(details) : null;
  const events: LiveEvent[] = [];
  const documentRef = row.invoiceId
    ? { invoiceId: row.invoiceId }
    : row.supplierInvoiceId
      ? { supplierInvoiceId: row.supplierInvoiceId }
      : null;
  if (row.kind === 'facture' && documentRef) {
    const recorded = await recordLifecycleEvent(tx, {
      userId: row.userId,
      ...documentRef,
      code,
      actor: 'plateforme',
      reasonCode: rejected ? (details?.[0]?.reasonCode ?? null) : null,
      reason,
      externalId: platformStatusId(documentRef, code),
      occurredAt: new Date(flow.updatedAt),
    });
    // Rejected at deposit (213): the invoice never reached the buyer, « Rejetée par la plateforme » for good.
    if (recorded && rejected && row.invoiceId) {
      await recordDispute(tx, row.invoiceId, 'rejetee', reason, new Date(flow.updatedAt));
    }
    if (recorded) {
      events.push({
        userId: row.userId,
        type: 'lifecycle.changed',
        data: { factureId: row.invoiceId ?? null, factureFournisseurId: row.supplierInvoiceId ?? null, code },
      });
    }
  }
  await tx
    .update(platformFlows)
    .set({
      flowId: flow.flowId,
      // A rejection is final: a later acknowledgement read again does not undo it.
      state: rejected || row.state === 'rejetee' ? 'rejetee' : 'deposee',
      // A CDAR row keeps the status it carries; an invoice's row shows the platform's latest.
      ...(row.kind === 'cdar' ? {} : { statusCode: row.state === 'rejetee' ? row.statusCode : code }),
      ...(rejected ? { lastError: reason } : {}),
      updatedAt: new Date(),
    })
    .where(eq(platformFlows.id, row.id));
  await publishEvents(tx, events);
}

/** The acknowledgement's error details, as the user reads them: each message, with its code. */
function rejectionReason(details: FlowInfo['acknowledgement']['details']): string {
  const errors = (details ?? []).filter((detail) => detail.level === 'Error');
  const shown = (errors.length > 0 ? errors : (details ?? [])).map((detail) =>
    detail.reasonMessage ? `${detail.reasonMessage} (${detail.reasonCode})` : String(detail.reasonCode),
  );
  return shown.length > 0 ? shown.join(' ; ').slice(0, 500) : 'Flux rejeté par la plateforme.';
}
