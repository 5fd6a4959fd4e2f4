import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, like, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import {
  einvoicingConnections,
  type TestPlatformFlowRow,
  testPlatformFlows,
  users,
} from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { parseEInvoice } from '../../supplier-invoices/parse-einvoice.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import type { DirectoryEntryWire, FlowInfoWire, FlowWire } from '../platform/afnor-wire.js';
import { ensureConnection } from '../platform/connection.repo.js';
import { TEST_PLATFORM_LABEL } from '../platform/platform-for.js';
import { notifyParties } from './test-platform-webhooks.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;

/** The client calling (a test connection) and the company it stands for. */
export interface TestClient {
  clientId: string;
  userId: string;
  siren: string | null;
}

type Status = TestPlatformFlowRow['statuses'][number];

const REJECTED = new Set([213, 221]);

/**
 * The built-in test platform, the platform side of the AFNOR API: it keeps the flows it is given (in
 * test_platform_flows, shared by the replicas), checks and routes them by SIREN among this instance's
 * professionals (its directory), gives them statuses and tells the parties by signed webhooks.
 */
export class TestPlatform {
  constructor(private readonly ctx: Ctx) {}

  /** POST /v1/flows: one flow per (client, trackingId); the same key answers the same flow. */
  async submit(client: TestClient, info: FlowInfoWire, content: Buffer): Promise<TestPlatformFlowRow> {
    const sha256 = createHash('sha256').update(content).digest('hex');
    if (sha256 !== info.sha256) {
      throw new AppError(400, 'validation_error', 'Empreinte SHA-256 différente du fichier reçu.');
    }
    const existing = await this.byKey(client.clientId, info.trackingId);
    if (existing) return existing;
    const now = this.ctx.clock.now();
    const routed = await this.route(info, content);
    const status: Status = {
      code: routed.code,
      date: now.toISOString(),
      ...(routed.reason ? { reason: routed.reason } : {}),
    };
    const [row] = await this.ctx.db
      .insert(testPlatformFlows)
      .values({
        flowId: randomUUID(),
        senderClientId: client.clientId,
        senderSiren: client.siren,
        recipientSiren: routed.code === 200 ? routed.recipientSiren : null,
        idempotencyKey: info.trackingId,
        syntax: info.flowSyntax,
        processingRule: info.processingRule ?? null,
        name: info.name,
        content,
        sha256,
        statuses: [status],
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    // Another replica stored the same key meanwhile: its flow is the one.
    const flow = row ?? (await this.byKey(client.clientId, info.trackingId));
    if (!flow) throw new Error('test platform flow not written');
    if (row) await this.announce(row);
    return flow;
  }

  /** A flow seen by one of its parties, or 404 (no flow of others is shown). */
  async flowFor(client: TestClient, flowId: string): Promise<{ row: TestPlatformFlowRow; wire: FlowWire }> {
    const [row] = await this.ctx.db
      .select()
      .from(testPlatformFlows)
      .where(eq(testPlatformFlows.flowId, flowId));
    const direction = row ? directionOf(row, client) : null;
    if (!row || !direction) throw new AppError(404, 'not_found', 'Flux introuvable.');
    return { row, wire: toWire(row, direction) };
  }

  /** POST /v1/flows/search: the client's flows changed after a moment, oldest change first. */
  async search(
    client: TestClient,
    query: { updatedAfter?: string; flowDirection?: ('In' | 'Out')[]; limit: number },
  ): Promise<FlowWire[]> {
    const directions = query.flowDirection ?? ['In', 'Out'];
    const parties: SQL[] = [];
    if (directions.includes('Out')) parties.push(eq(testPlatformFlows.senderClientId, client.clientId));
    if (directions.includes('In') && client.siren)
      parties.push(eq(testPlatformFlows.recipientSiren, client.siren));
    if (parties.length === 0) return [];
    const rows = await this.ctx.db
      .select()
      .from(testPlatformFlows)
      .where(
        and(
          or(...parties),
          query.updatedAfter ? gt(testPlatformFlows.updatedAt, new Date(query.updatedAfter)) : undefined,
        ),
      )
      .orderBy(asc(testPlatformFlows.updatedAt))
      .limit(query.limit);
    return rows.flatMap((row) => {
      const direction = directionOf(row, client);
      return direction && directions.includes(direction) ? [toWire(row, direction)] : [];
    });
  }

  /** Directory: the instance's professionals whose SIRET starts with the SIREN (or is the SIRET). */
  async lookup(key: { siren: string } | { siret: string }): Promise<DirectoryEntryWire | null> {
    const siren = 'siren' in key ? key.siren : key.siret.slice(0, 9);
    if (!/^\d{9}$/.test(siren)) return null;
    const [pro] = await this.professionalsOf(siren, 'siret' in key ? key.siret : undefined);
    if (!pro) return null;
    return {
      siren,
      siret: pro.siret,
      businessName: `${pro.prenom} ${pro.nom}`.trim(),
      receives: true,
      platformName: TEST_PLATFORM_LABEL,
      routingAddress: siren,
    };
  }

  /** Test control: a status given to a flow « on a schedule the tests control » (e.g. 213 with a reason). */
  async addStatus(client: TestClient, flowId: string, status: Omit<Status, 'date'>): Promise<FlowWire> {
    const { row } = await this.flowFor(client, flowId);
    const now = this.ctx.clock.now();
    const statuses = [...row.statuses, { ...status, date: now.toISOString() }];
    const [updated] = await this.ctx.db
      .update(testPlatformFlows)
      .set({ statuses, updatedAt: now })
      .where(eq(testPlatformFlows.flowId, flowId))
      .returning();
    if (!updated) throw new AppError(404, 'not_found', 'Flux introuvable.');
    await this.announce(updated);
    const direction = directionOf(updated, client) ?? 'Out';
    return toWire(updated, direction);
  }

  private async byKey(clientId: string, key: string): Promise<TestPlatformFlowRow | null> {
    const [row] = await this.ctx.db
      .select()
      .from(testPlatformFlows)
      .where(and(eq(testPlatformFlows.senderClientId, clientId), eq(testPlatformFlows.idempotencyKey, key)));
    return row ?? null;
  }

  /** Reads the file as a platform would: where it goes, or why it is rejected (213) or unroutable (221). */
  private async route(
    info: FlowInfoWire,
    content: Buffer,
  ): Promise<{ code: 200 | 213 | 221; recipientSiren: string | null; reason?: string }> {
    if (info.flowSyntax === 'FRR') return { code: 200, recipientSiren: null };
    let siren: string | null;
    try {
      if (info.flowSyntax === 'CDAR') {
        const message = parseCdar(content.toString('utf8'));
        const fromSeller =
          message.sender.siren !== null && message.sender.siren === message.invoice.seller.siren;
        siren =
          message.recipient.siren ??
          (fromSeller ? message.invoice.buyer.siren : message.invoice.seller.siren);
      } else {
        const invoice = await parseEInvoice(content);
        siren = invoice.buyer.siren ?? invoice.buyer.siret?.slice(0, 9) ?? null;
      }
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'Fichier illisible.';
      return { code: 213, recipientSiren: null, reason };
    }
    if (!siren || (await this.professionalsOf(siren)).length === 0) {
      return { code: 221, recipientSiren: null, reason: 'Destinataire inconnu de l’annuaire.' };
    }
    return { code: 200, recipientSiren: siren };
  }

  private professionalsOf(siren: string, siret?: string) {
    return this.ctx.db
      .select({ id: users.id, siret: users.siret, nom: users.nom, prenom: users.prenom })
      .from(users)
      .where(
        and(eq(users.role, 'professionnel'), siret ? eq(users.siret, siret) : like(users.siret, `${siren}%`)),
      )
      .orderBy(asc(users.createdAt));
  }

  /**
   * The sender hears of each new status; the recipients (the professionals of the SIREN, given a
   * connection if they had none, as a PA's directory knows them) of a flow addressed to them.
   */
  private async announce(row: TestPlatformFlowRow): Promise<void> {
    const sender = await this.ctx.db
      .select({ userId: einvoicingConnections.userId })
      .from(einvoicingConnections)
      .where(eq(einvoicingConnections.clientId, row.senderClientId));
    const recipients = row.recipientSiren ? await this.professionalsOf(row.recipientSiren) : [];
    for (const recipient of recipients) {
      await ensureConnection(this.ctx.db, this.ctx.config.einvoicing.secretKey, recipient.id);
    }
    notifyParties(this.ctx, [...sender.map((s) => s.userId), ...recipients.map((r) => r.id)], row.flowId);
  }
}

function directionOf(row: TestPlatformFlowRow, client: TestClient): 'In' | 'Out' | null {
  if (row.senderClientId === client.clientId) return 'Out';
  if (client.siren && row.recipientSiren === client.siren) return 'In';
  return null;
}

function toWire(row: TestPlatformFlowRow, direction: 'In' | 'Out'): FlowWire {
  const last = row.statuses.at(-1);
  return {
    flowId: row.flowId,
    ...(direction === 'Out' && row.idempotencyKey ? { trackingId: row.idempotencyKey } : {}),
    name: row.name,
    flowSyntax: row.syntax as FlowWire['flowSyntax'],
    flowDirection: direction,
    updatedAt: row.updatedAt.toISOString(),
    acknowledgement: { status: !last ? 'Pending' : REJECTED.has(last.code) ? 'Error' : 'Ok' },
    statuses: row.statuses,
  };
}
