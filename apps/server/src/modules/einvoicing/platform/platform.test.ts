import type { PlatformFlowList } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoicingConnections, lifecycleEvents, liveEvents, platformFlows } from '../../../db/schema.js';
import { openSecret } from '../../../lib/secret-box.js';
import { clientWithInvoice, signedInUser } from '../../../test/factories.js';
import { startListeningTestApp, type TestApp } from '../../../test/harness.js';
import {
  inboundFlows,
  invoiceToBusiness,
  queueFlow,
  settledFlow,
  testPlatformFlowsOfKey,
} from '../../../test/platform-test-kit.js';
import { waitFor } from '../../../test/smtp-server.js';
import { emitLifecycleStatus } from '../lifecycle/emit-status.js';
import { platformFor } from './platform-for.js';
import { queueSubmission } from './submission.js';
import { pollPlatforms, syncPlatformFlows } from './sync-flows.js';

let t: TestApp;
/** While set, the syncs webhooks ask for are dropped: only the poll can find a change. */
let dropWebhookSyncs = false;
beforeAll(async () => {
  t = await startListeningTestApp(
    {},
    { platformSync: async (_job, sync) => (dropWebhookSyncs ? undefined : sync()) },
  );
});
afterAll(async () => t.close());

/** A real Factur-X from the seller to a French business with this SIRET: an invoice drawn by the API. */
async function invoiceFor(s: { token: string }, buyerSiret: string): Promise<Buffer> {
  return (await invoiceTo(s, buyerSiret)).content;
}

/** The same, with the invoice's id. */
async function invoiceTo(s: { token: string }, buyerSiret: string): Promise<{ id: string; content: Buffer }> {
  const invoice = await invoiceToBusiness(t, s.token, buyerSiret);
  const pdf = await t.request({ method: 'GET', url: `/api/factures/${invoice._id}/pdf`, token: s.token });
  expect(pdf.statusCode).toBe(200);
  return { id: invoice._id, content: pdf.rawPayload };
}

async function seller() {
  const { token, user } = await signedInUser(t);
  const { invoice } = await clientWithInvoice(t, token);
  return { token, userId: user._id, invoiceId: invoice._id };
}

async function timeline(userId: string, invoiceId: string) {
  return t.database.db
    .select()
    .from(lifecycleEvents)
    .where(and(eq(lifecycleEvents.userId, userId), eq(lifecycleEvents.invoiceId, invoiceId)));
}

describe('the test platform over HTTP', () => {
  it('deposits an invoice (200 Déposée on the timeline) and delivers it to the buyer by webhook', async () => {
    const s = await seller();
    const buyer = await signedInUser(t);
    const queued = await queueFlow(t, {
      userId: s.userId,
      invoiceId: s.invoiceId,
      content: await invoiceFor(s, buyer.user.siret ?? ''),
    });
    const row = await settledFlow(t, queued.id);
    expect(row.state).toBe('deposee');
    expect(row.statusCode).toBe(200);
    expect(row.flowId).toBeTruthy();
    expect((await timeline(s.userId, s.invoiceId)).map((e) => e.code)).toEqual([200]);
    const live = await t.database.db
      .select()
      .from(liveEvents)
      .where(and(eq(liveEvents.userId, s.userId), eq(liveEvents.type, 'lifecycle.changed')));
    expect(live.map((e) => e.data)).toEqual([
      { factureId: s.invoiceId, factureFournisseurId: null, code: 200 },
    ]);
    // The buyer's side: the webhook's sync downloaded it into their inbox.
    const received = await waitFor(async () => (await inboundFlows(t, buyer.user._id))[0]);
    expect(received.flowId).toBe(row.flowId);
    expect(received.state).toBe('recue');
    expect(received.supplierInvoiceId).toBeTruthy();
    const listed = await t.request({
      method: 'GET',
      url: '/api/facturation-electronique/flux',
      token: s.token,
    });
    expect(listed.json<PlatformFlowList>().flux[0]).toMatchObject({
      sens: 'sortant',
      etat: 'deposee',
      codeStatut: 200,
    });
  });

  it('rejects an unreadable invoice (213) and an unknown buyer (221)', async () => {
    const s = await seller();
    const unreadable = await settledFlow(
      t,
      (await queueFlow(t, { userId: s.userId, invoiceId: s.invoiceId, content: Buffer.from('%PDF-') })).id,
    );
    expect(unreadable).toMatchObject({ state: 'rejetee', statusCode: 213 });
    // Integrated (acknowledgement Ok), then not routable: the platform's 221 comes as a CDAR flow.
    const unknownBuyer = await invoiceTo(s, '99999999800001');
    const unroutable = await queueFlow(t, {
      userId: s.userId,
      invoiceId: unknownBuyer.id,
      content: unknownBuyer.content,
    });
    const nobody = await waitFor(async () => {
      // Read by sync, as the poll does: a webhook may come too, either records it once.
      await syncPlatformFlows(t.platform, { userId: s.userId });
      const [row] = await t.database.db
        .select()
        .from(platformFlows)
        .where(eq(platformFlows.id, unroutable.id));
      return row?.state === 'rejetee' ? row : undefined;
    });
    expect(nobody).toMatchObject({ state: 'rejetee', statusCode: 221 });
  });

  it('keeps one flow per idempotency key', async () => {
    const s = await seller();
    const platform = await platformFor(t.platform, s.userId);
    const buyer = await signedInUser(t);
    const content = await invoiceFor(s, buyer.user.siret ?? '');
    const input = {
      trackingId: `cle-${s.userId}`,
      name: 'f.pdf',
      syntax: 'Factur-X' as const,
      content,
      sha256: (await import('node:crypto')).createHash('sha256').update(content).digest('hex'),
    };
    const first = await platform.submitFlow(input);
    const second = await platform.submitFlow(input);
    expect(second.flowId).toBe(first.flowId);
    expect(await testPlatformFlowsOfKey(t, input.trackingId)).toHaveLength(1);
  });

  it('retries a submission after failures, answers lost included, and submits it once', async () => {
    const s = await seller();
    const buyer = await signedInUser(t);
    const platform = await platformFor(t.platform, s.userId);
    expect(platform.label).toBe('Plateforme de test');
    const connection = await t.request({
      method: 'GET',
      url: '/api/facturation-electronique/connexion',
      token: s.token,
    });
    expect(connection.statusCode).toBe(200);
    // The next two submissions are kept by the platform, then answered 503 (the answer « lost »).
    const token = await testPlatformToken(s.userId);
    const planned = await fetch(`${t.config.einvoicing.testPlatformUrl}/controle/pannes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nombre: 2, moment: 'apres' }),
    });
    expect(planned.status).toBe(200);
    // Only the job's retries may find the flow here (a webhook's sync would adopt it by its tracking id).
    dropWebhookSyncs = true;
    try {
      const queued = await queueFlow(t, {
        userId: s.userId,
        invoiceId: s.invoiceId,
        content: await invoiceFor(s, buyer.user.siret ?? ''),
      });
      const row = await settledFlow(t, queued.id, 30_000);
      expect(row.state).toBe('deposee');
      // The second try finds the flow the first one made (by its key) and submits nothing.
      expect(row.attempts).toBe(2);
      expect(await testPlatformFlowsOfKey(t, queued.idempotencyKey ?? '')).toHaveLength(1);
    } finally {
      dropWebhookSyncs = false;
    }
  }, 40_000);

  it('gives the statuses of a flow whose submission answer was lost to its row, found by its tracking id', async () => {
    const s = await seller();
    const buyer = await signedInUser(t);
    const content = await invoiceFor(s, buyer.user.siret ?? '');
    // Queued without its job: the platform gets it below, as a try whose answer never came back would.
    const queued = await t.database.db.transaction((tx) =>
      queueSubmission(tx, {
        userId: s.userId,
        kind: 'facture',
        syntax: 'Factur-X',
        fileName: 'facture.pdf',
        content,
        invoiceId: s.invoiceId,
      }),
    );
    dropWebhookSyncs = true;
    try {
      const platform = await platformFor(t.platform, s.userId);
      const { flowId } = await platform.submitFlow({
        trackingId: queued.idempotencyKey ?? '',
        name: queued.fileName,
        syntax: 'Factur-X',
        content,
        sha256: queued.sha256,
      });
      await syncPlatformFlows(t.platform, { userId: s.userId });
      const [row] = await t.database.db.select().from(platformFlows).where(eq(platformFlows.id, queued.id));
      expect(row).toMatchObject({ flowId, state: 'deposee', statusCode: 200 });
      expect((await timeline(s.userId, s.invoiceId)).map((e) => e.code)).toEqual([200]);
    } finally {
      dropWebhookSyncs = false;
    }
  });

  it('finds a status by polling when no webhook came', async () => {
    const s = await seller();
    const buyer = await signedInUser(t);
    // The invoice queued is the one in the file: the platform's CDAR names it by its number.
    const sent = await invoiceTo(s, buyer.user.siret ?? '');
    const row = await settledFlow(
      t,
      (await queueFlow(t, { userId: s.userId, invoiceId: sent.id, content: sent.content })).id,
    );
    dropWebhookSyncs = true;
    try {
      const token = await testPlatformToken(s.userId);
      const added = await fetch(
        `${t.config.einvoicing.testPlatformUrl}/controle/flux/${row.flowId}/statuts`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code: 213, motifCode: 'REJ_SEMAN', motif: 'Montants incohérents' }),
        },
      );
      expect(added.status).toBe(200);
      expect((await timeline(s.userId, sent.id)).map((e) => e.code)).toEqual([200]);
      await pollPlatforms(t.platform);
      const events = await timeline(s.userId, sent.id);
      expect(events.map((e) => e.code).sort()).toEqual([200, 213]);
      expect(events.find((e) => e.code === 213)).toMatchObject({
        actor: 'plateforme',
        reason: 'Montants incohérents',
      });
      // A second poll (or a late webhook) records nothing twice.
      await pollPlatforms(t.platform);
      expect(await timeline(s.userId, sent.id)).toHaveLength(2);
      const [after] = await t.database.db.select().from(platformFlows).where(eq(platformFlows.id, row.id));
      expect(after?.state).toBe('rejetee');
    } finally {
      dropWebhookSyncs = false;
    }
  });

  it('queues the CDAR of a status set on an invoice that went through the platform', async () => {
    const s = await seller();
    const buyer = await signedInUser(t);
    // Its CDAR names the buyer by SIREN: an invoice to the buyer's business.
    const sold = await invoiceTo(s, buyer.user.siret ?? '');
    await settledFlow(
      t,
      (await queueFlow(t, { userId: s.userId, invoiceId: sold.id, content: sold.content })).id,
    );
    await t.database.db.transaction((tx) =>
      emitLifecycleStatus(
        tx,
        {
          userId: s.userId,
          invoiceId: sold.id,
          code: 212,
          amountCents: 10_000,
          paidOn: '2026-06-20',
          at: new Date(),
        },
        t.platform.platformJobs,
      ),
    );
    const cdar = await waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(platformFlows)
        .where(and(eq(platformFlows.invoiceId, sold.id), eq(platformFlows.kind, 'cdar')));
      return rows[0] && rows[0].state !== 'a_envoyer' ? rows[0] : undefined;
    });
    expect(cdar).toMatchObject({ syntax: 'CDAR', statusCode: 212, direction: 'sortant' });
    expect(cdar.flowId).toBeTruthy();
  });

  it('does not queue a CDAR for a document the platform never saw', async () => {
    const s = await seller();
    await t.database.db.transaction((tx) =>
      emitLifecycleStatus(
        tx,
        {
          userId: s.userId,
          invoiceId: s.invoiceId,
          code: 212,
          amountCents: 1,
          paidOn: '2026-06-20',
          at: new Date(),
        },
        t.platform.platformJobs,
      ),
    );
    const rows = await t.database.db
      .select()
      .from(platformFlows)
      .where(eq(platformFlows.invoiceId, s.invoiceId));
    expect(rows).toEqual([]);
    expect(await timeline(s.userId, s.invoiceId)).toHaveLength(1);
  });
});

/** A token of the test platform, asked for as any client would (OAuth2 client credentials). */
async function testPlatformToken(userId: string): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(einvoicingConnections)
    .where(eq(einvoicingConnections.userId, userId));
  const res = await fetch(`${t.config.einvoicing.testPlatformUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: row?.clientId ?? '',
      client_secret: openSecret(t.config.einvoicing.secretKey, row?.clientSecretEncrypted ?? ''),
    }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}
