import type { AppContext } from '../../../context.js';
import type { TestPlatformFlowRow } from '../../../db/schema.js';
import { signedHeaders } from '../afnor/webhook-signature.js';
import { ensureConnectionWithWebhook } from '../platform/webhook-registration.js';
import { accountOfAddress } from '../routing/routing-account.js';
import { type Direction, flowTypeFor, toFlowWire } from './test-platform-flow-wire.js';
import { signingKeyOf, webhooksOf } from './test-platform-webhook-store.js';

type Ctx = Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>;

/**
 * Tells each party of flows that changed (after the change committed): every webhook of its that matches
 * gets a POST of the Flow as that party sees it, signed (Afnor-Signature). A lost delivery is not retried:
 * the receiver's poll is the fallback, as with a real PA.
 */
export function announceFlows(ctx: Ctx, rows: readonly TestPlatformFlowRow[]): void {
  for (const row of rows) {
    void announce(ctx, row).catch((error: unknown) =>
      ctx.log.warn({ err: error, flowId: row.flowId }, 'Plateforme de test : webhook non délivré'),
    );
  }
}

async function announce(ctx: Ctx, row: TestPlatformFlowRow): Promise<void> {
  const parties: { clientId: string; direction: Direction }[] = [];
  if (row.senderClientId) parties.push({ clientId: row.senderClientId, direction: 'Out' });
  if (row.recipientClientId) parties.push({ clientId: row.recipientClientId, direction: 'In' });
  else if (row.recipientSiret) {
    const clientId = await recipientClientId(ctx, row.recipientSiret);
    if (clientId) parties.push({ clientId, direction: 'In' });
  }
  await Promise.all(parties.map((party) => deliver(ctx, row, party.clientId, party.direction)));
}

/**
 * The test-platform client of the one account holding the routing address, given a connection if it had
 * none (a PA's directory knows every company it serves).
 */
async function recipientClientId(ctx: Ctx, siret: string): Promise<string | null> {
  const account = await accountOfAddress(ctx.db, { siret });
  if (!account) return null;
  // Its webhook registered too (no transaction is open here), so that it hears of this flow now rather
  // than at its next poll.
  const { row } = await ensureConnectionWithWebhook(ctx, account.id);
  return row.platform === 'test' ? row.clientId : null;
}

async function deliver(
  ctx: Ctx,
  row: TestPlatformFlowRow,
  clientId: string,
  direction: Direction,
): Promise<void> {
  const flowType = flowTypeFor(row, direction);
  const hooks = (await webhooksOf(ctx.db, clientId)).filter(
    ({ filters }) =>
      (!filters.flowTypes || filters.flowTypes.includes(flowType)) &&
      (!filters.flowDirection || filters.flowDirection === direction) &&
      (!filters.ackStatus || filters.ackStatus === row.ackStatus),
  );
  if (hooks.length === 0) return;
  const body = JSON.stringify(toFlowWire(row, direction));
  for (const hook of hooks) {
    const response = await fetch(hook.callbackUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(signingKeyOf(ctx.config.einvoicing.secretKey, hook), body, ctx.clock.now()),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      ctx.log.warn(
        { err: error, webhookId: hook.id, flowId: row.flowId },
        'Plateforme de test : webhook non délivré',
      );
      return null;
    });
    await response?.body?.cancel();
  }
}
