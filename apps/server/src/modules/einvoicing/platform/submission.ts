import { createHash, randomUUID } from 'node:crypto';
import type { PlatformFlowRow } from '../../../db/schema.js';
import { platformFlows } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import type { PlatformQueue } from '../../../lib/jobs.js';
import type { FlowSyntax, ProcessingRule } from './einvoicing-platform.js';

export interface NewSubmission {
  userId: string;
  kind: PlatformFlowRow['kind'];
  syntax: FlowSyntax;
  processingRule?: ProcessingRule;
  fileName: string;
  content: Buffer;
  invoiceId?: string;
  supplierInvoiceId?: string;
  /** The CDAR's status code, for a lifecycle message. */
  statusCode?: number;
}

/**
 * Queues one flow for the user's platform, inside the caller's transaction: the row (with its idempotency
 * key, the same on every retry) and the job that submits it commit together, or neither does.
 * Pass `queue` (ctx.platformJobs) for the submission to start at once; without it the row waits for the
 * periodic poll (every five minutes), which submits the rows left « à envoyer ».
 */
export async function queueSubmission(
  tx: Tx,
  submission: NewSubmission,
  queue?: PlatformQueue,
): Promise<PlatformFlowRow> {
  const sha256 = createHash('sha256').update(submission.content).digest('hex');
  const [row] = await tx
    .insert(platformFlows)
    .values({
      userId: submission.userId,
      direction: 'sortant',
      kind: submission.kind,
      invoiceId: submission.invoiceId ?? null,
      supplierInvoiceId: submission.supplierInvoiceId ?? null,
      idempotencyKey: randomUUID(),
      state: 'a_envoyer',
      statusCode: submission.statusCode ?? null,
      syntax: submission.syntax,
      processingRule: submission.processingRule ?? null,
      fileName: submission.fileName,
      content: submission.content,
      sha256,
    })
    .returning();
  if (!row) throw new Error('platform flow not written');
  await queue?.schedulePlatformSubmit({ platformFlowId: row.id }, tx);
  return row;
}
