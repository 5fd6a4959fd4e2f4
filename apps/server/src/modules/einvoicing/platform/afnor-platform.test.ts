import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { clientWithInvoice, signedInUser } from '../../../test/factories.js';
import { type FakeAfnor, startFakeAfnor } from '../../../test/fake-afnor-server.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { queueFlow, settledFlow } from '../../../test/platform-test-kit.js';
import { AfnorPlatform } from './afnor-platform.js';
import { platformFor } from './platform-for.js';
import { queueSubmission } from './submission.js';

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
const sha256 = createHash('sha256').update(content).digest('hex');

/** A professional connected to the fake approved platform through the API, as on the page. */
async function connectedUser() {
  const { token, user } = await signedInUser(t);
  const res = await t.request({
    method: 'PUT',
    url: '/api/facturation-electronique/connexion',
    token,
    body: {
      plateforme: 'afnor',
      urlApi: `${fake.url}/api`,
      urlJeton: `${fake.url}/token`,
      identifiantClient: fake.clientId,
      secretClient: fake.clientSecret,
      secretWebhook: 'webhook-secret',
    },
  });
  expect(res.statusCode).toBe(200);
  return { token, userId: user._id };
}

describe('an afnor connection, against a local fake approved platform', () => {
  it('gets a token once, submits (flowInfo + file), searches and looks the directory up', async () => {
    const { userId } = await connectedUser();
    const platform = await platformFor(t.platform, userId);
    expect(platform.label).toBe('Plateforme agréée');
    const before = fake.tokensIssued;
    const { flowId } = await platform.submitFlow({
      idempotencyKey: 'k-1',
      name: 'f.pdf',
      syntax: 'Factur-X',
      content,
      sha256,
    });
    expect(fake.flows.get('k-1')?.info).toMatchObject({ trackingId: 'k-1', flowSyntax: 'Factur-X', sha256 });
    expect(fake.flows.get('k-1')?.content.equals(content)).toBe(true);
    const info = await platform.getFlow(flowId);
    expect(info).toMatchObject({ flowId, direction: 'Out', statuses: [{ code: 200 }] });
    const found = await platform.searchFlows({ updatedAfter: new Date(Date.now() - 60_000) });
    expect(found.map((f) => f.flowId)).toContain(flowId);
    expect(await platform.lookupDirectory({ siren: '123456782' })).toMatchObject({
      nom: 'Acheteur SA',
      peutRecevoir: true,
      plateforme: 'PA Exemple',
      adresse: '123456782_FACTURES',
    });
    expect(await platform.lookupDirectory({ siren: '987654324' })).toBeNull();
    // One token for all those calls (cached across platform objects too).
    expect(fake.tokensIssued - before).toBeLessThanOrEqual(1);
    const incoming = fake.addIncoming('entrante.pdf', Buffer.from('bytes'));
    const download = await platform.downloadFlow(incoming.flowId);
    expect(download.content.toString()).toBe('bytes');
    expect(download.syntax).toBe('Factur-X');
  });

  it('renews a refused token once, maps 5xx to platform_unavailable and bad credentials to platform_refused', async () => {
    const platform = new AfnorPlatform({
      label: 'PA',
      baseUrl: `${fake.url}/api`,
      tokenUrl: `${fake.url}/token`,
      clientId: fake.clientId,
      clientSecret: fake.clientSecret,
    });
    await platform.searchFlows({});
    fake.revokeTokens();
    const before = fake.tokensIssued;
    await platform.searchFlows({});
    expect(fake.tokensIssued).toBe(before + 1);
    fake.failNext(1);
    await expect(platform.searchFlows({})).rejects.toMatchObject({
      status: 503,
      errorType: 'platform_unavailable',
    });
    const wrong = new AfnorPlatform({
      label: 'PA',
      baseUrl: `${fake.url}/api`,
      tokenUrl: `${fake.url}/token`,
      clientId: 'inconnu',
      clientSecret: 'x',
    });
    const error = await wrong.searchFlows({}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 422, errorType: 'platform_refused' });
    const unreachable = new AfnorPlatform({
      label: 'PA',
      baseUrl: 'http://127.0.0.1:9',
      tokenUrl: 'http://127.0.0.1:9/token',
      clientId: 'a',
      clientSecret: 'b',
      timeoutMs: 2000,
    });
    await expect(unreachable.searchFlows({})).rejects.toMatchObject({
      status: 503,
      errorType: 'platform_unavailable',
    });
  });

  it('submits a queued invoice through the job, retrying while the platform answers 503', async () => {
    const { token, userId } = await connectedUser();
    const { invoice } = await clientWithInvoice(t, token);
    fake.failNext(2);
    const queued = await queueFlow(t, { userId, invoiceId: invoice._id, content });
    const row = await settledFlow(t, queued.id, 30_000);
    expect(row).toMatchObject({ state: 'deposee', statusCode: 200, attempts: 3 });
    expect(fake.flows.get(queued.idempotencyKey ?? '')?.wire.flowId).toBe(row.flowId);
  }, 40_000);

  it('looks for the flow of a try whose answer was lost before submitting again: one flow per key', async () => {
    const { token, userId } = await connectedUser();
    const { invoice } = await clientWithInvoice(t, token);
    // The platform keeps the flow and the answer is lost: it keeps a second one if asked again.
    fake.loseNextAnswers(1);
    const queued = await queueFlow(t, { userId, invoiceId: invoice._id, content });
    const row = await settledFlow(t, queued.id, 30_000);
    expect(row).toMatchObject({ state: 'deposee', statusCode: 200, attempts: 2 });
    expect(fake.flowsTracked(queued.idempotencyKey ?? '').map((flow) => flow.flowId)).toEqual([row.flowId]);
  }, 40_000);

  it('ends a submission the platform refuses (4xx) in echec at once, its reason kept', async () => {
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
    expect(row.lastError).toContain('Format non accepté');
  });
});
