import { createHash } from 'node:crypto';
import type { Invoice } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { platformFlows, supplierInvoices, testPlatformFlows } from '../db/schema.js';
import type { Tx } from '../db/types.js';
import type { FlowSyntax } from '../modules/einvoicing/platform/einvoicing-platform.js';
import { queueSubmission } from '../modules/einvoicing/platform/submission.js';
import { clientWithInvoice } from './factories.js';
import type { TestApp } from './harness.js';
import { waitFor } from './smtp-server.js';

/**
 * Issue 19: helpers of the platform's tests. A flow is queued as the services do (queueSubmission with
 * the app's queue, in a transaction), then followed through the platform_flows row.
 */
export async function queueFlow(
  t: TestApp,
  values: {
    userId: string;
    content: Buffer;
    invoiceId?: string;
    syntax?: FlowSyntax;
    kind?: 'facture' | 'cdar' | 'ereporting';
  },
) {
  return t.database.db.transaction((tx) =>
    queueSubmission(
      tx,
      {
        userId: values.userId,
        kind: values.kind ?? 'facture',
        syntax: values.syntax ?? 'Factur-X',
        fileName: 'facture.pdf',
        content: values.content,
        ...(values.invoiceId ? { invoiceId: values.invoiceId } : {}),
      },
      t.platform.platformJobs,
    ),
  );
}

/** The platform_flows row once it has left « à envoyer » (the submit job ran, retries included). */
export function settledFlow(t: TestApp, id: string, timeoutMs = 20_000) {
  return waitFor(async () => {
    const [row] = await t.database.db.select().from(platformFlows).where(eq(platformFlows.id, id));
    return row && row.state !== 'a_envoyer' ? row : undefined;
  }, timeoutMs);
}

export async function testPlatformFlowsOfKey(t: TestApp, key: string) {
  return t.database.db.select().from(testPlatformFlows).where(eq(testPlatformFlows.idempotencyKey, key));
}

/** A received supplier invoice as the inbox would store it (stands in for receiveSupplierInvoice in tests). */
export async function insertReceivedInvoice(
  tx: Tx,
  userId: string,
  content: Buffer,
  flowId: string | undefined,
) {
  const numero = `F-${createHash('sha256').update(content).digest('hex').slice(0, 8)}`;
  const [row] = await tx
    .insert(supplierInvoices)
    .values({
      userId,
      source: 'plateforme',
      flowId: flowId ?? null,
      original: content,
      originalSha256: createHash('sha256').update(content).digest('hex'),
      originalFormat: 'facturx',
      fileName: 'facture.pdf',
      typeCode: '380',
      numero,
      dateEmission: '2026-06-15',
      sellerName: 'Vendeur',
      sellerKey: `siren:${numero}`,
      totalHtCents: 10_000,
      totalVatCents: 0,
      totalTtcCents: 10_000,
      amountDueCents: 10_000,
    })
    .returning();
  if (!row) throw new Error('supplier invoice not written');
  return row;
}

export async function inboundFlows(t: TestApp, userId: string) {
  return t.database.db
    .select()
    .from(platformFlows)
    .where(and(eq(platformFlows.userId, userId), eq(platformFlows.direction, 'entrant')));
}

/** An invoice (one line of `prixUnitaire` €) to a French business identified by this SIRET, made through the API. */
export async function invoiceToBusiness(
  t: TestApp,
  token: string,
  buyerSiret: string,
  prixUnitaire = 100,
): Promise<Invoice> {
  const client = { nom: 'Acheteur SAS', type: 'entreprise', siret: buyerSiret };
  return (await clientWithInvoice(t, token, { client, prixUnitaire })).invoice;
}
