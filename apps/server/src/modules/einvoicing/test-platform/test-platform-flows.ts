import { createHash, randomUUID } from 'node:crypto';
import type { LifecycleCode } from '@facturo/shared';
import { and, asc, eq, gt, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { type TestPlatformFlowRow, testPlatformFlows } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import type { components } from '../afnor/generated/flow-service.js';
import { accountOfAddress } from '../routing/routing-account.js';
import { badRequest, notFound, PlatformError } from './test-platform-errors.js';
import {
  type Direction,
  directionOf,
  type FlowWire,
  flowTypeFor,
  type TestClient,
} from './test-platform-flow-wire.js';
import { type FlowSyntax, readFlow } from './test-platform-reading.js';
import { platformStatusCdar } from './test-platform-status.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;
type FlowInfo = components['schemas']['FlowInfo'];
type SearchFilters = components['schemas']['SearchFlowFilters'];
type NewFlow = typeof testPlatformFlows.$inferInsert;

/**
 * The flows of the built-in test platform (in test_platform_flows, shared by the replicas): kept as they
 * are submitted, acknowledged, routed among this instance's professionals, with the platform's own
 * statuses (200, 213, 221) sent back to the submitter as CDAR flows.
 */
export class TestPlatformFlows {
  constructor(private readonly ctx: Ctx) {}

  /**
   * POST /v1/flows: one flow per (client, trackingId), the same trackingId answers the same flow. Returns
   * the flow and every flow the submission made (to announce once committed).
   */
  async submit(
    client: TestClient,
    info: FlowInfo,
    content: Buffer,
  ): Promise<{ flow: TestPlatformFlowRow; made: TestPlatformFlowRow[] }> {
    if (info.trackingId) {
      const existing = await this.byTrackingId(client.clientId, info.trackingId);
      if (existing) return { flow: existing, made: [] };
    }
    const now = this.ctx.clock.now();
    const sha256 = createHash('sha256').update(content).digest('hex');
    const base: NewFlow = {
      flowId: randomUUID(),
      senderClientId: client.clientId,
      senderSiren: client.siren,
      idempotencyKey: info.trackingId ?? null,
      syntax: info.flowSyntax,
      processingRule: info.processingRule ?? 'B2B',
      processingRuleSource: info.processingRule ? 'Input' : 'Computed',
      flowProfile: info.flowProfile ?? 'Undefined',
      name: info.name,
      content,
      sha256,
      createdAt: now,
      updatedAt: now,
    };
    const planned = await this.plan(client, info, content, base, now);
    const made = await this.ctx.db.transaction(async (tx) => {
      const [flow] = await tx
        .insert(testPlatformFlows)
        .values(planned.flow)
        .onConflictDoNothing()
        .returning();
      // Another replica stored the same trackingId meanwhile: its flow is the one.
      if (!flow) return [];
      const statuses = planned.statuses.length
        ? await tx.insert(testPlatformFlows).values(planned.statuses).returning()
        : [];
      return [flow, ...statuses];
    });
    const flow =
      made[0] ?? (info.trackingId ? await this.byTrackingId(client.clientId, info.trackingId) : null);
    if (!flow) throw new Error('test platform flow not written');
    return { flow, made };
  }

  /** A flow seen by one of its parties, or 404 (no flow of others is shown). */
  async flowFor(
    client: TestClient,
    flowId: string,
  ): Promise<{ row: TestPlatformFlowRow; direction: Direction }> {
    const [row] = await this.ctx.db
      .select()
      .from(testPlatformFlows)
      .where(eq(testPlatformFlows.flowId, flowId));
    const direction = row ? directionOf(row, client) : null;
    if (!row || !direction) throw notFound('Flux');
    return { row, direction };
  }

  /**
   * POST /v1/flows/search: the client's flows matching `where`, by (updatedAt, flowId); `nextCursor`
   * while more remain (an opaque position: the last row read).
   */
  async search(
    client: TestClient,
    where: SearchFilters,
    limit: number,
    cursor: string | undefined,
  ): Promise<{ rows: { row: TestPlatformFlowRow; direction: Direction }[]; nextCursor?: string }> {
    const directions = where.flowDirection ?? ['In', 'Out'];
    const parties: SQL[] = [];
    if (directions.includes('Out')) parties.push(eq(testPlatformFlows.senderClientId, client.clientId));
    if (directions.includes('In')) {
      parties.push(eq(testPlatformFlows.recipientClientId, client.clientId));
      if (client.siret) parties.push(eq(testPlatformFlows.recipientSiret, client.siret));
    }
    const after = cursor ? readCursor(cursor) : null;
    const scanned = await this.ctx.db
      .select()
      .from(testPlatformFlows)
      .where(
        and(
          or(...parties),
          where.updatedAfter ? gt(testPlatformFlows.updatedAt, new Date(where.updatedAfter)) : undefined,
          where.updatedBefore ? lt(testPlatformFlows.updatedAt, new Date(where.updatedBefore)) : undefined,
          where.processingRule ? inArray(testPlatformFlows.processingRule, where.processingRule) : undefined,
          where.ackStatus ? eq(testPlatformFlows.ackStatus, where.ackStatus) : undefined,
          where.trackingId ? eq(testPlatformFlows.idempotencyKey, where.trackingId) : undefined,
          after
            ? or(
                gt(testPlatformFlows.updatedAt, after.updatedAt),
                and(
                  eq(testPlatformFlows.updatedAt, after.updatedAt),
                  gt(testPlatformFlows.flowId, after.flowId),
                ),
              )
            : undefined,
        ),
      )
      .orderBy(asc(testPlatformFlows.updatedAt), asc(testPlatformFlows.flowId))
      .limit(limit + 1);
    const page = scanned.slice(0, limit);
    const last = page.at(-1);
    // The direction and the flow type depend on who looks: filtered once the rows are read.
    const rows = page.flatMap((row) => {
      const direction = directionOf(row, client);
      if (!direction || !directions.includes(direction)) return [];
      if (where.flowType && !where.flowType.includes(flowTypeFor(row, direction))) return [];
      if (where.trackingId && direction !== 'Out') return [];
      return [{ row, direction }];
    });
    return scanned.length > limit && last ? { rows, nextCursor: writeCursor(last) } : { rows };
  }

  /**
   * Test control: the platform gives the invoice of one of the client's flows a status (e.g. 213 with a
   * reason), sent to the client as a CDAR flow.
   */
  async addPlatformStatus(
    client: TestClient,
    flowId: string,
    status: { code: LifecycleCode; reason?: { code: string; text: string } },
  ): Promise<TestPlatformFlowRow> {
    const { row, direction } = await this.flowFor(client, flowId);
    const reading = await readFlow(row.syntax as FlowSyntax, row.content);
    if (direction !== 'Out' || reading.kind !== 'invoice') {
      throw badRequest('Un statut de la plateforme porte sur une facture que ce client a déposée.');
    }
    const now = this.ctx.clock.now();
    let content: Buffer;
    try {
      content = platformStatusCdar(reading.invoice, status.code, now, status.reason);
    } catch (error) {
      throw new PlatformError(
        422,
        'INVALID_STATUS',
        error instanceof Error ? error.message : 'Statut invalide.',
      );
    }
    const [made] = await this.ctx.db
      .insert(testPlatformFlows)
      .values(statusFlow(row, client.clientId, content, now, status.code))
      .returning();
    if (!made) throw new Error('test platform status not written');
    return made;
  }

  private async plan(
    client: TestClient,
    info: FlowInfo,
    content: Buffer,
    base: NewFlow,
    now: Date,
  ): Promise<{ flow: NewFlow; statuses: NewFlow[] }> {
    if (info.sha256 && info.sha256 !== base.sha256) {
      return {
        flow: rejected(base, 'ChecksumMismatch', 'Empreinte SHA-256 différente du fichier reçu.'),
        statuses: [],
      };
    }
    const reading = await readFlow(info.flowSyntax, content);
    switch (reading.kind) {
      case 'report':
        return { flow: { ...base, flowType: 'UnitaryCustomerTransactionReport' }, statuses: [] };
      case 'unreadable':
        return { flow: rejected(base, 'InvalidSchema', reading.reason), statuses: [] };
      case 'status': {
        const account = reading.address ? await accountOfAddress(this.ctx.db, reading.address) : null;
        if (!account) {
          return {
            flow: rejected(
              { ...base, flowType: reading.flowType },
              'OtherTechnicalError',
              'Destinataire inconnu de l’annuaire.',
            ),
            statuses: [],
          };
        }
        return { flow: { ...base, flowType: reading.flowType, ...recipient(account.siret) }, statuses: [] };
      }
      case 'invoice': {
        const account = reading.address ? await accountOfAddress(this.ctx.db, reading.address) : null;
        const flow: NewFlow = {
          ...base,
          flowType: 'CustomerInvoice',
          ...(account ? recipient(account.siret) : {}),
        };
        const code: LifecycleCode = account ? 200 : 221;
        const reason = account
          ? undefined
          : { code: 'ROUTAGE_ERR', text: 'Destinataire inconnu de l’annuaire.' };
        const cdar = platformStatusCdar(reading.invoice, code, now, reason);
        return { flow, statuses: [statusFlow(flow, client.clientId, cdar, now, code)] };
      }
    }
  }

  private async byTrackingId(clientId: string, trackingId: string): Promise<TestPlatformFlowRow | null> {
    return findByTrackingId(this.ctx.db, clientId, trackingId);
  }
}

async function findByTrackingId(
  db: DbOrTx,
  clientId: string,
  trackingId: string,
): Promise<TestPlatformFlowRow | null> {
  const [row] = await db
    .select()
    .from(testPlatformFlows)
    .where(
      and(eq(testPlatformFlows.senderClientId, clientId), eq(testPlatformFlows.idempotencyKey, trackingId)),
    );
  return row ?? null;
}

function recipient(siret: string): Pick<NewFlow, 'recipientSiret' | 'recipientSiren'> {
  return { recipientSiret: siret, recipientSiren: siret.slice(0, 9) };
}

function rejected(base: NewFlow, reasonCode: string, reasonMessage: string): NewFlow {
  return {
    ...base,
    ackStatus: 'Error',
    ackDetails: [{ level: 'Error', item: base.name, reasonCode, reasonMessage }],
  };
}

/** The CDAR flow carrying a platform status to the submitter of an invoice flow. */
function statusFlow(
  invoiceFlow: NewFlow,
  submitter: string,
  cdar: Buffer,
  now: Date,
  code: LifecycleCode,
): NewFlow {
  return {
    flowId: randomUUID(),
    senderClientId: null,
    recipientClientId: submitter,
    syntax: 'CDAR',
    processingRule: invoiceFlow.processingRule ?? 'B2B',
    processingRuleSource: 'Computed',
    flowProfile: 'Undefined',
    flowType: 'CustomerInvoiceLC',
    name: `statut-${code}-${invoiceFlow.flowId}.xml`,
    content: cdar,
    sha256: createHash('sha256').update(cdar).digest('hex'),
    createdAt: now,
    updatedAt: now,
  };
}

function writeCursor(row: TestPlatformFlowRow): string {
  return Buffer.from(JSON.stringify([row.updatedAt.toISOString(), row.flowId])).toString('base64url');
}

function readCursor(cursor: string): { updatedAt: Date; flowId: string } {
  try {
    const [updatedAt, flowId] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const date = typeof updatedAt === 'string' ? new Date(updatedAt) : null;
    if (date && !Number.isNaN(date.getTime()) && typeof flowId === 'string')
      return { updatedAt: date, flowId };
  } catch {
    // fall through: an unreadable cursor is the client's error
  }
  throw badRequest('Curseur de pagination invalide.');
}

export type { FlowWire };
