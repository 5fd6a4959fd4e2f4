import { createHash, randomUUID } from 'node:crypto';
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../../context.js';
import { einvoicingConnections, type TestPlatformFlowRow, testPlatformFlows } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { parseEInvoice } from '../../supplier-invoices/parse-einvoice.js';
import type { CdarParty } from '../cdar/cdar-message.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import type { DirectoryEntryWire, FlowInfoWire, FlowWire } from '../platform/afnor-wire.js';
import { ensureConnection } from '../platform/connection.repo.js';
import { TEST_PLATFORM_LABEL } from '../platform/platform-for.js';
import { accountOfAddress, type RoutingAddress } from '../routing/routing-account.js';
import { notifyParties } from './test-platform-webhooks.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;

/** The client calling (a test connection) and the company it stands for. */
export interface TestClient {
  clientId: string;
  userId: string;
  siren: string | null;
  /**
   * The routing address its flows are delivered to: the account's SIRET, or null for an account that
   * receives nothing (closed, or flagged a duplicate of another account's SIRET).
   */
  siret: string | null;
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
        recipientSiren: routed.recipientSiret?.slice(0, 9) ?? null,
        recipientSiret: routed.recipientSiret,
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
    if (directions.includes('In') && client.siret)
      parties.push(eq(testPlatformFlows.recipientSiret, client.siret));
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

  /**
   * Directory: the one account a SIRET (or a SIREN with a single establishment here) reaches, with its
   * SIRET as the routing address. Closed accounts and flagged duplicates are not listed.
   */
  async lookup(key: RoutingAddress): Promise<DirectoryEntryWire | null> {
    const account = await accountOfAddress(this.ctx.db, key);
    if (!account) return null;
    return {
      siren: account.siret.slice(0, 9),
      siret: account.siret,
      businessName: `${account.prenom} ${account.nom}`.trim(),
      receives: true,
      platformName: TEST_PLATFORM_LABEL,
      routingAddress: account.siret,
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

  /**
   * Reads the file as a platform would: the one account it goes to (by the routing address the file
   * gives: a SIRET, else a SIREN with a single establishment here), or why it is rejected (213) or
   * unroutable (221).
   */
  private async route(
    info: FlowInfoWire,
    content: Buffer,
  ): Promise<{ code: 200 | 213 | 221; recipientSiret: string | null; reason?: string }> {
    if (info.flowSyntax === 'FRR') return { code: 200, recipientSiret: null };
    let address: RoutingAddress | null;
    try {
      if (info.flowSyntax === 'CDAR') {
        const message = parseCdar(content.toString('utf8'));
        const fromSeller =
          message.sender.siren !== null && message.sender.siren === message.invoice.seller.siren;
        address =
          addressOf(message.recipient) ??
          addressOf(fromSeller ? message.invoice.buyer : message.invoice.seller);
      } else {
        const { buyer } = await parseEInvoice(content);
        address = buyer.siret ? { siret: buyer.siret } : buyer.siren ? { siren: buyer.siren } : null;
      }
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'Fichier illisible.';
      return { code: 213, recipientSiret: null, reason };
    }
    const account = address ? await accountOfAddress(this.ctx.db, address) : null;
    if (!account) {
      return { code: 221, recipientSiret: null, reason: 'Destinataire inconnu de l’annuaire.' };
    }
    return { code: 200, recipientSiret: account.siret };
  }

  /**
   * The sender hears of each new status; the recipient (the one account holding the flow's routing
   * address, given a connection if it had none, as a PA's directory knows it) of a flow addressed to it.
   */
  private async announce(row: TestPlatformFlowRow): Promise<void> {
    const sender = await this.ctx.db
      .select({ userId: einvoicingConnections.userId })
      .from(einvoicingConnections)
      .where(eq(einvoicingConnections.clientId, row.senderClientId));
    const recipient = row.recipientSiret
      ? await accountOfAddress(this.ctx.db, { siret: row.recipientSiret })
      : null;
    if (recipient) await ensureConnection(this.ctx.db, this.ctx.config.einvoicing.secretKey, recipient.id);
    notifyParties(
      this.ctx,
      [...sender.map((s) => s.userId), ...(recipient ? [recipient.id] : [])],
      row.flowId,
    );
  }
}

/**
 * Where a lifecycle message's party receives: its electronic address or SIRET (an establishment), else its
 * SIREN (reaching that company only if it has a single establishment here).
 */
function addressOf(party: CdarParty): RoutingAddress | null {
  const electronic = party.electronicAddress ?? null;
  if (electronic && /^\d{14}$/.test(electronic)) return { siret: electronic };
  if (party.siret && /^\d{14}$/.test(party.siret)) return { siret: party.siret };
  if (electronic && /^\d{9}$/.test(electronic)) return { siren: electronic };
  return party.siren ? { siren: party.siren } : null;
}

function directionOf(row: TestPlatformFlowRow, client: TestClient): 'In' | 'Out' | null {
  if (row.senderClientId === client.clientId) return 'Out';
  if (client.siret && row.recipientSiret === client.siret) return 'In';
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
