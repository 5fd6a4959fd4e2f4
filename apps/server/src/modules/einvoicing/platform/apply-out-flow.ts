import { isLifecycleCode } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { type PlatformFlowRow, platformFlows } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import { type LiveEvent, publishEvents } from '../../../lib/events/publish.js';
import { recordLifecycleEvent } from '../lifecycle/lifecycle-events.repo.js';
import type { FlowInfo } from './einvoicing-platform.js';

/** The platform's statuses that end a flow's journey there: rejected, or its recipient unknown. */
const REJECTION_CODES = new Set([213, 221]);

/**
 * What the platform says of a flow Facturo submitted: each status joins the invoice's timeline once
 * (externalId `${flowId}:${code}:${date}`: a webhook and a poll bring it once), the row's state follows
 * (deposee, rejetee), and the user's pages hear `lifecycle.changed`.
 */
export async function applyOutFlow(tx: Tx, row: PlatformFlowRow, flow: FlowInfo): Promise<void> {
  const events: LiveEvent[] = [];
  for (const status of flow.statuses) {
    if (!isLifecycleCode(status.code) || row.kind !== 'facture') continue;
    const documentRef = row.invoiceId
      ? { invoiceId: row.invoiceId }
      : row.supplierInvoiceId
        ? { supplierInvoiceId: row.supplierInvoiceId }
        : null;
    if (!documentRef) continue;
    const recorded = await recordLifecycleEvent(tx, {
      userId: row.userId,
      ...documentRef,
      code: status.code,
      actor: 'plateforme',
      reasonCode: status.reasonCode ?? null,
      reason: status.reason ?? null,
      externalId: `${flow.flowId}:${status.code}:${status.date}`,
      occurredAt: new Date(status.date),
    });
    if (recorded) {
      events.push({
        userId: row.userId,
        type: 'lifecycle.changed',
        data: {
          factureId: row.invoiceId ?? null,
          factureFournisseurId: row.supplierInvoiceId ?? null,
          code: status.code,
        },
      });
    }
  }
  const last = flow.statuses.at(-1);
  const state: PlatformFlowRow['state'] = !last
    ? row.state
    : REJECTION_CODES.has(last.code)
      ? 'rejetee'
      : row.state === 'rejetee'
        ? 'rejetee'
        : 'deposee';
  await tx
    .update(platformFlows)
    .set({
      flowId: flow.flowId,
      state,
      // A CDAR row keeps the status it carries; an invoice's row shows the platform's latest.
      ...(row.kind === 'cdar' || !last ? {} : { statusCode: last.code }),
      ...(last && REJECTION_CODES.has(last.code) ? { lastError: last.reason ?? `Statut ${last.code}` } : {}),
      updatedAt: new Date(),
    })
    .where(eq(platformFlows.id, row.id));
  await publishEvents(tx, events);
}
