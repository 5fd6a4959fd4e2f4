import { createHash, randomUUID } from 'node:crypto';
import type { PlatformFlowRow } from '../../../db/schema.js';
import { platformFlows } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
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
 * CONTRACT: the platform lane adds the job (retries with back-off) and keeps this signature.
 */
export async function queueSubmission(tx: Tx, submission: NewSubmission): Promise<PlatformFlowRow> {
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
      fileName: submission.fileName,
      content: submission.content,
      sha256,
    })
    .returning();
  if (!row) throw new Error('platform flow not written');
  return row;
}
