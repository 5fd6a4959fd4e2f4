import { and, eq, lt, sql } from 'drizzle-orm';
import { type PlatformFlowRow, platformFlows } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import type { ArchiveAttempt, PlatformSubmitJob } from '../../../lib/jobs.js';
import { applyOutFlow } from './apply-out-flow.js';
import type { EInvoicingPlatform, ProcessingRule } from './einvoicing-platform.js';
import { platformFor } from './platform-for.js';
import type { PlatformJobContext } from './platform-job-context.js';

/**
 * The `platform-submit` job: sends one queued flow with its idempotency key as the standard's trackingId.
 * A platform that is down (5xx, 429, 408, timeout: 503 platform_unavailable) makes the job fail and pg-boss
 * retry it with back-off; the trackingId makes a retry after a lost answer find the flow already made
 * (POST /v1/flows/search where.trackingId), so nothing is submitted twice. A refusal (4xx) or the last
 * try ends the row in `echec`, its last error kept for the user to read.
 */
export async function submitPlatformFlow(
  ctx: PlatformJobContext,
  job: PlatformSubmitJob,
  attempt: ArchiveAttempt,
): Promise<void> {
  const [row] = await ctx.db.select().from(platformFlows).where(eq(platformFlows.id, job.platformFlowId));
  if (row?.state !== 'a_envoyer' || !row.idempotencyKey) return;
  try {
    const platform = await platformFor(ctx, row.userId);
    // XP Z12-013 (5.2.2): a platform keeps what it is given, trackingId included, without checking that it
    // is unique. After a try whose answer never came back the flow may exist: it is looked for (by its key,
    // our trackingId) before submitting again, so a lost answer never makes a second flow.
    const { flowId } =
      (row.attempts > 0 ? await alreadySubmitted(platform, row) : null) ??
      (await platform.submitFlow({
        trackingId: row.idempotencyKey,
        name: row.fileName,
        syntax: row.syntax as Parameters<typeof platform.submitFlow>[0]['syntax'],
        ...(row.processingRule ? { processingRule: row.processingRule as ProcessingRule } : {}),
        content: row.content,
        sha256: row.sha256,
      }));
    // The flow exists: kept at once, so that a failure reading it back still retries onto the same flow.
    await ctx.db
      .update(platformFlows)
      .set({ flowId, attempts: sql`${platformFlows.attempts} + 1`, lastError: null, updatedAt: new Date() })
      .where(eq(platformFlows.id, row.id));
    const flow = await platform.getFlow(flowId);
    await ctx.db.transaction(async (tx) => applyOutFlow(tx, { ...row, flowId }, flow));
  } catch (error) {
    const refused = error instanceof AppError && error.status < 500;
    const message = error instanceof Error ? error.message : String(error);
    const final = refused || attempt.last;
    await ctx.db
      .update(platformFlows)
      .set({
        attempts: sql`${platformFlows.attempts} + 1`,
        lastError: message,
        ...(final ? { state: 'echec' as const } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(platformFlows.id, row.id), eq(platformFlows.state, 'a_envoyer')));
    ctx.log.warn({ err: error, platformFlowId: row.id, final }, 'Envoi à la plateforme en échec');
    if (!final) throw error;
  }
}

/** The Out flow a previous try of this row made, if the platform has one with its trackingId. */
async function alreadySubmitted(
  platform: EInvoicingPlatform,
  row: PlatformFlowRow,
): Promise<{ flowId: string } | null> {
  if (!row.idempotencyKey) return null;
  const flows = await platform.searchFlows({ trackingId: row.idempotencyKey, direction: 'Out' });
  // The filter is the platform's; the key is checked here too (a platform may ignore a filter it lacks).
  const found = flows.find((flow) => flow.trackingId === row.idempotencyKey);
  return found ? { flowId: found.flowId } : null;
}

/** Rows left « à envoyer » a while (queued without a job, or a job lost): what the poll submits again. */
export async function staleSubmissions(ctx: PlatformJobContext, olderThan: Date): Promise<string[]> {
  const rows = await ctx.db
    .select({ id: platformFlows.id })
    .from(platformFlows)
    .where(and(eq(platformFlows.state, 'a_envoyer'), lt(platformFlows.updatedAt, olderThan)))
    .limit(500);
  return rows.map((r) => r.id);
}
