import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { einvoicingConnections, lifecycleEvents } from '../../../db/schema.js';
import { sealSecret } from '../../../lib/secret-box.js';
import { clientWithInvoice, signedInUser } from '../../../test/factories.js';
import { type FakeAfnor, startFakeAfnor } from '../../../test/fake-afnor-server.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queueFlow, settledFlow } from '../../../test/platform-test-kit.js';
import type { CdarMessage } from '../cdar/cdar-message.js';
import { applyReceivedStatus } from '../lifecycle/apply-received-status.js';
import { ensureConnection } from './connection.repo.js';
import { platformFor } from './platform-for.js';
import { queueSubmission } from './submission.js';
import { syncPlatformFlows } from './sync-flows.js';

let t: TestApp;
let fake: FakeAfnor;
beforeAll(async () => {
  fake = await startFakeAfnor();
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const content = Buffer.from('%PDF-1.7 facture');

/** A professional whose connection points at the fake approved platform (its settings as stored). */
async function connectedUser(clientAuth: 'basic' | 'corps' = 'basic') {
  const { token, user } = await signedInUser(t);
  const secretKey = t.config.einvoicing.secretKey;
  await ensureConnection(t.database.db, secretKey, user._id);
  await t.database.db
    .update(einvoicingConnections)
    .set({
      platform: 'afnor',
      baseUrl: fake.flowUrl,
      directoryUrl: fake.directoryUrl,
      tokenUrl: fake.tokenUrl,
      clientId: fake.clientId,
      clientSecretEncrypted: sealSecret(secretKey, fake.clientSecret),
      clientAuth,
    })
    .where(eq(einvoicingConnections.userId, user._id));
  return { token, userId: user._id, siren: (user.siret ?? '').slice(0, 9) };
}

/** A platform's own status on the seller's invoice, as its CDAR says it (cdar-parse.ts's reading). */
function platformStatus(statusCode: 200 | 213, sellerSiren: string, numero: string): CdarMessage {
  const platform = { role: 'plateforme' as const, name: 'PA', siren: null };
  return {
    id: `m-${statusCode}-${numero}`,
    issuedAt: new Date(),
    statusCode,
    sender: platform,
    recipient: { role: 'vendeur', name: 'Vendeur', siren: sellerSiren },
    invoice: {
      numero,
      issueDate: '2026-06-15',
      typeCode: '380',
      seller: { role: 'vendeur', name: 'Vendeur', siren: sellerSiren },
      buyer: { role: 'acheteur', name: 'Client', siren: null },
    },
    ...(statusCode === 213 ? { reason: { code: 'REJ_SEMAN', text: 'Numéro de facture absent' } } : {}),
  };
}

async function timeline(userId: string, invoiceId: string) {
  return t.database.db
    .select()
    .from(lifecycleEvents)
    .where(and(eq(lifecycleEvents.userId, userId), eq(lifecycleEvents.invoiceId, invoiceId)));
}

describe('an afnor connection, against a local platform speaking XP Z12-013', () => {
  it('submits an invoice through the job (Factur-X as application/pdf, our trackingId): Déposée once', async () => {
    const { token, userId, siren } = await connectedUser('basic');
    const { invoice } = await clientWithInvoice(t, token);
    const queued = await queueFlow(t, { userId, invoiceId: invoice._id, content });
    const row = await settledFlow(t, queued.id);
    expect(row).toMatchObject({ state: 'deposee', statusCode: 200, attempts: 1 });
    const sent = fake.submitted(row.flowId ?? '');
    expect(sent).toMatchObject({
      contentType: 'application/pdf',
      info: {
        trackingId: queued.idempotencyKey,
        flowSyntax: 'Factur-X',
        name: 'facture.pdf',
        sha256: queued.sha256,
      },
    });
    expect(sent?.content.equals(content)).toBe(true);
    // The acknowledgement read again by a sync, then the platform's CDAR of 200, record nothing twice.
    await syncPlatformFlows(t.platform, { userId });
    const applied = await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, userId, platformStatus(200, siren, invoice.numero), 'cdar-200', new Date()),
    );
    expect(applied).toBe(true);
    expect((await timeline(userId, invoice._id)).map((event) => event.code)).toEqual([200]);
  });

  it('retries a submission while the platform answers 503, and makes one flow', async () => {
    const { token, userId } = await connectedUser('corps');
    const { invoice } = await clientWithInvoice(t, token);
    fake.failNext(2);
    const queued = await queueFlow(t, { userId, invoiceId: invoice._id, content });
    const row = await settledFlow(t, queued.id, 30_000);
    expect(row).toMatchObject({ state: 'deposee', statusCode: 200 });
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect(fake.flowsTracked(queued.idempotencyKey ?? '').map((flow) => flow.flowId)).toEqual([row.flowId]);
  }, 40_000);

  it('looks for the flow of a try whose answer was lost (search by trackingId) before submitting again', async () => {
    const { token, userId } = await connectedUser();
    const { invoice } = await clientWithInvoice(t, token);
    fake.loseNextAnswers(1);
    const queued = await queueFlow(t, { userId, invoiceId: invoice._id, content });
    const row = await settledFlow(t, queued.id, 30_000);
    expect(row).toMatchObject({ state: 'deposee', statusCode: 200, attempts: 2 });
    expect(fake.flowsTracked(queued.idempotencyKey ?? '').map((flow) => flow.flowId)).toEqual([row.flowId]);
  }, 40_000);

  it('ends a submission the platform refuses (4xx) in echec at once, with its words in French', async () => {
    const { userId } = await connectedUser();
    const queued = await t.database.db.transaction((tx) =>
      queueSubmission(
        tx,
        { userId, kind: 'facture', syntax: 'Factur-X', fileName: fake.refusedName, content },
        t.platform.platformJobs,
      ),
    );
    const row = await settledFlow(t, queued.id);
    expect(row).toMatchObject({ state: 'echec', attempts: 1, flowId: null });
    expect(row.lastError).toBe('La plateforme a refusé l’envoi : Format non accepté (INVALID_FLOW)');
  });

  it('reads an acknowledgement in Error: the row rejetee, 213 « Rejetée » with the reason, once', async () => {
    const { token, userId, siren } = await connectedUser();
    const { invoice } = await clientWithInvoice(t, token);
    const queued = await t.database.db.transaction((tx) =>
      queueSubmission(
        tx,
        {
          userId,
          kind: 'facture',
          syntax: 'Factur-X',
          fileName: fake.rejectedName,
          content,
          invoiceId: invoice._id,
        },
        t.platform.platformJobs,
      ),
    );
    const row = await settledFlow(t, queued.id);
    expect(row).toMatchObject({
      state: 'rejetee',
      statusCode: 213,
      lastError: 'Numéro de facture absent (InvalidSchema)',
    });
    await syncPlatformFlows(t.platform, { userId });
    // The platform's CDAR of the same 213 (the standard's other channel for it) records nothing more.
    const applied = await t.database.db.transaction((tx) =>
      applyReceivedStatus(tx, userId, platformStatus(213, siren, invoice.numero), 'cdar-213', new Date()),
    );
    expect(applied).toBe(true);
    const events = await timeline(userId, invoice._id);
    expect(events.map((event) => [event.code, event.reason, event.reasonCode])).toEqual([
      [213, 'Numéro de facture absent (InvalidSchema)', 'InvalidSchema'],
    ]);
  });

  it('asks the Directory Service: the company and its Enabled line; unknown is null', async () => {
    const { userId } = await connectedUser();
    fake.directory.set('123456782', {
      businessName: 'Acheteur SA',
      lines: [
        {
          siren: '123456782',
          directoryLineStatus: 'Enabled',
          platformType: 'WK',
          addressingIdentifier: '123456782',
        },
      ],
    });
    const platform = await platformFor(t.platform, userId);
    expect(platform.label).toBe('Plateforme agréée');
    expect(await platform.lookupDirectory({ siren: '123456782' })).toEqual({
      siren: '123456782',
      siret: null,
      nom: 'Acheteur SA',
      peutRecevoir: true,
      plateforme: 'WK',
      adresse: '123456782',
      statutLigne: 'Enabled',
    });
    expect(await platform.lookupDirectory({ siren: '987654324' })).toBeNull();
  });

  it('downloads a flow addressed to the account (In) once, by sync', async () => {
    const { userId } = await connectedUser();
    const platform = await platformFor(t.platform, userId);
    const incoming = fake.addIncoming('entrante.xml', 'CII', Buffer.from('<Invoice/>'));
    const file = await platform.downloadFlow(incoming.flowId);
    expect(file).toEqual({ content: Buffer.from('<Invoice/>'), syntax: 'CII', name: 'entrante.xml' });
  });

  it('says an unreachable platform is unavailable (503), never refused', async () => {
    const { userId } = await connectedUser();
    await t.database.db
      .update(einvoicingConnections)
      .set({ baseUrl: 'http://127.0.0.1:9/flow-service', tokenUrl: 'http://127.0.0.1:9/oauth/token' })
      .where(eq(einvoicingConnections.userId, userId));
    const platform = await platformFor(t.platform, userId);
    await expect(platform.searchFlows({ direction: 'In' })).rejects.toMatchObject({
      status: 503,
      errorType: 'platform_unavailable',
    });
    const check = await platform.checkConnection();
    expect(check.jeton).toEqual({
      ok: false,
      message: 'La plateforme de facturation électronique est injoignable. Nouvel essai plus tard.',
    });
  });
});
