import { createHash } from 'node:crypto';
import { and, eq, isNull, or } from 'drizzle-orm';
import { einvoicingConnections, type PlatformFlowRow, platformFlows } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { PlatformSyncJob } from '../../../lib/jobs.js';
import { receiveSupplierInvoice } from '../../supplier-invoices/receive-supplier-invoice.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import { applyReceivedStatus } from '../lifecycle/apply-received-status.js';
import { routingSiretOf } from '../routing/routing-account.js';
import { applyOutFlow } from './apply-out-flow.js';
import { ensureConnection } from './connection.repo.js';
import type { EInvoicingPlatform, FlowInfo } from './einvoicing-platform.js';
import { platformOf } from './platform-for.js';
import type { PlatformJobContext } from './platform-job-context.js';
import { staleSubmissions, submitPlatformFlow } from './submit-flow.js';
import { ensureWebhook } from './webhook-registration.js';

/**
 * A search from the last sync reads again what changed in its last seconds: a flow updated while the
 * previous search ran is not missed, and reading one twice is harmless (every step is idempotent).
 */
const OVERLAP_MS = 5_000;

/**
 * The `platform-sync` job (a webhook came, or the poll): the flows changed since the last sync. A flow
 * Facturo submitted (Out) brings its acknowledgement (integrated: Déposée; in error: Rejetée); a flow
 * addressed to the user (In) is downloaded once: an invoice goes to the « Factures fournisseurs » inbox, a
 * CDAR (the lifecycle statuses: the platform's own, the buyer's, the seller's) to the document it is about. An account
 * that receives no flows (closed, or flagged a duplicate of another account's SIRET) takes in no invoice,
 * and its CDARs are applied to nothing (kept aside for the admin).
 */
export async function syncPlatformFlows(ctx: PlatformJobContext, job: PlatformSyncJob): Promise<void> {
  const connection = await ensureConnection(ctx.db, ctx.config.einvoicing.secretKey, job.userId);
  const platform = platformOf(ctx, connection);
  const since = connection.lastSyncedAt
    ? new Date(connection.lastSyncedAt.getTime() - OVERLAP_MS)
    : undefined;
  const flows = await platform.searchFlows(since ? { updatedAfter: since } : {});
  const receives = (await routingSiretOf(ctx.db, job.userId)) !== null;
  for (const flow of flows) {
    if (flow.direction === 'Out') await syncOutFlow(ctx, job.userId, flow);
    else if (receives || flow.syntax === 'CDAR') await receiveInFlow(ctx, platform, job.userId, flow);
    else
      ctx.log.warn({ userId: job.userId, flowId: flow.flowId }, 'Flux reçu par un compte qui ne reçoit pas');
  }
  const latest = flows.reduce<Date | null>((max, flow) => {
    const at = new Date(flow.updatedAt);
    return !max || at > max ? at : max;
  }, null);
  if (latest && (!connection.lastSyncedAt || latest > connection.lastSyncedAt)) {
    await ctx.db
      .update(einvoicingConnections)
      .set({ lastSyncedAt: latest, updatedAt: new Date() })
      .where(eq(einvoicingConnections.userId, job.userId));
  }
}

/**
 * The acknowledgement of a flow this account submitted goes to that flow's row only: found by the
 * platform's flow id, else by our trackingId (a submission whose answer was lost has no flow id yet).
 */
async function syncOutFlow(ctx: PlatformJobContext, userId: string, flow: FlowInfo): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const ours = and(eq(platformFlows.userId, userId), eq(platformFlows.direction, 'sortant'));
    const [byFlowId] = await tx
      .select()
      .from(platformFlows)
      .where(and(ours, eq(platformFlows.flowId, flow.flowId)))
      .for('update');
    const [row] = byFlowId
      ? [byFlowId]
      : flow.trackingId
        ? await tx
            .select()
            .from(platformFlows)
            .where(
              and(
                ours,
                eq(platformFlows.idempotencyKey, flow.trackingId),
                or(isNull(platformFlows.flowId), eq(platformFlows.flowId, flow.flowId)),
              ),
            )
            .for('update')
        : [];
    if (row) await applyOutFlow(tx, row, flow);
  });
}

async function receiveInFlow(
  ctx: PlatformJobContext,
  platform: EInvoicingPlatform,
  userId: string,
  flow: FlowInfo,
): Promise<void> {
  const known = await ctx.db
    .select({ id: platformFlows.id })
    .from(platformFlows)
    .where(
      and(
        eq(platformFlows.userId, userId),
        eq(platformFlows.direction, 'entrant'),
        eq(platformFlows.flowId, flow.flowId),
      ),
    );
  if (known.length > 0) return;
  const file = await platform.downloadFlow(flow.flowId);
  const kind: PlatformFlowRow['kind'] =
    file.syntax === 'CDAR' ? 'cdar' : file.syntax === 'FRR' ? 'ereporting' : 'facture';
  const at = ctx.clock.now();
  const base = {
    userId,
    direction: 'entrant' as const,
    kind,
    flowId: flow.flowId,
    syntax: file.syntax,
    fileName: file.name,
    content: file.content,
    sha256: createHash('sha256').update(file.content).digest('hex'),
  };
  try {
    await ctx.db.transaction(async (tx) => {
      // Two syncs at once (a webhook and the poll): the unique (user, direction, flow) lets one through.
      const [row] = await tx
        .insert(platformFlows)
        .values({ ...base, state: 'recue' })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      if (kind === 'cdar') {
        const message = parseCdar(file.content.toString('utf8'));
        await applyReceivedStatus(tx, userId, message, flow.flowId, new Date(flow.updatedAt), file.content);
      } else if (kind === 'facture') {
        const { invoice } = await receiveSupplierInvoice(tx, {
          userId,
          content: file.content,
          fileName: file.name,
          source: 'plateforme',
          flowId: flow.flowId,
          at,
        });
        await tx
          .update(platformFlows)
          .set({ supplierInvoiceId: invoice.id })
          .where(eq(platformFlows.id, row.id));
      }
    });
  } catch (error) {
    // An unreadable file is kept, marked, and not read again at every sync; anything else is retried.
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    await ctx.db
      .insert(platformFlows)
      .values({ ...base, state: 'echec', lastError: error.message })
      .onConflictDoNothing();
    ctx.log.warn({ err: error, flowId: flow.flowId }, 'Flux reçu illisible');
  }
}

/** Submissions left « à envoyer » this long are sent again by the poll. */
const STALE_SUBMISSION_MS = 2 * 60 * 1000;

/**
 * The `platform-poll` job, the fallback for lost webhooks and lost submit jobs: every connection is
 * synced and every submission left waiting is tried again. One user's failure does not stop the others.
 */
export async function pollPlatforms(ctx: PlatformJobContext): Promise<void> {
  const connections = await ctx.db.select().from(einvoicingConnections);
  for (const connection of connections) {
    const { userId } = connection;
    // A connection without its webhook (a registration that failed, or one made before webhooks were
    // registered through the standard) is registered again here: every connection heals within a poll.
    if (!connection.webhookId && connection.clientId) {
      await ensureWebhook(ctx, connection).catch((error: unknown) =>
        ctx.log.warn({ err: error, userId }, 'Webhook de la plateforme non enregistré'),
      );
    }
    await syncPlatformFlows(ctx, { userId }).catch((error: unknown) =>
      ctx.log.warn({ err: error, userId }, 'Synchronisation avec la plateforme en échec'),
    );
  }
  const stale = await staleSubmissions(ctx, new Date(ctx.clock.now().getTime() - STALE_SUBMISSION_MS));
  for (const platformFlowId of stale) {
    await submitPlatformFlow(ctx, { platformFlowId }, { last: false }).catch(() => {});
  }
}
