import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.js';
import { cdarSample } from '../../../test/cdar-samples.js';
import { startListeningTestApp, type TestApp } from '../../../test/harness.js';
import { waitFor } from '../../../test/smtp-server.js';
import { verifyWebhook } from '../afnor/webhook-signature.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import { cdarXml } from '../cdar/cdar-xml.js';
import { serviceBackend } from './test-platform-contract.js';
import {
  BASE,
  ContractCaller,
  invoiceTo,
  multipart,
  type PlatformParty,
  platformParty,
  sha256Of,
} from './test-platform-test-kit.js';

let t: TestApp;
const api = new ContractCaller(() => t);
let seller: PlatformParty;
let buyer: PlatformParty;

/** A local receiver of webhook deliveries: each body and its signature headers. */
const received: { body: Buffer; signature?: string; timestamp?: string }[] = [];
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  t = await startListeningTestApp();
  seller = await platformParty(t);
  buyer = await platformParty(t, { prenom: 'Jeanne', nom: 'Durand' });
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        body: Buffer.concat(chunks),
        signature: request.headers['afnor-signature'] as string | undefined,
        timestamp: request.headers['afnor-signature-timestamp'] as string | undefined,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const address = receiver.address();
  receiverUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

async function submit(party: PlatformParty, file: Buffer, info: Record<string, unknown> = {}) {
  const flowInfo = {
    trackingId: randomUUID(),
    name: 'facture.xml',
    flowSyntax: 'UBL',
    sha256: sha256Of(file),
    ...info,
  };
  return api.call('flow-service', 'POST', '/v1/flows', {
    token: party.token,
    multipart: await multipart({ flowInfo, file }),
  });
}

describe('the test platform: OAuth2 token', () => {
  it('gives a token for the secret in the form body too, and refuses a wrong secret', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: `${BASE}/oauth/token`,
      payload: {
        grant_type: 'client_credentials',
        client_id: seller.clientId,
        client_secret: seller.clientSecret,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', expires_in: 300 });
    const wrong = await t.app.inject({
      method: 'POST',
      url: `${BASE}/oauth/token`,
      payload: { grant_type: 'client_credentials', client_id: seller.clientId, client_secret: 'faux' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'invalid_client', errorCode: 'INVALID_CLIENT' });
  });
});

describe('the test platform: Flow Service', () => {
  it('answers its healthcheck', async () => {
    expect((await api.call('flow-service', 'GET', '/v1/healthcheck')).statusCode).toBe(200);
  });

  it('keeps a submitted invoice (202), the same trackingId answers the same flow, delivered In to its buyer', async () => {
    const file = invoiceTo(buyer.siret);
    const trackingId = randomUUID();
    const first = await submit(seller, file, { trackingId, processingRule: 'B2B' });
    expect(first.statusCode, first.body).toBe(202);
    const flow = first.json<{ flowId: string }>();
    expect(flow).toMatchObject({
      trackingId,
      name: 'facture.xml',
      flowSyntax: 'UBL',
      processingRule: 'B2B',
      flowProfile: 'Undefined',
      sha256: sha256Of(file),
    });
    const again = await submit(seller, file, { trackingId });
    expect(again.json<{ flowId: string }>().flowId).toBe(flow.flowId);

    const out = await api.call('flow-service', 'GET', `/v1/flows/${flow.flowId}`, { token: seller.token });
    expect(out.json()).toMatchObject({
      flowDirection: 'Out',
      flowType: 'CustomerInvoice',
      processingRuleSource: 'Input',
      acknowledgement: { status: 'Ok' },
      trackingId,
    });
    const inbound = await api.call('flow-service', 'GET', `/v1/flows/${flow.flowId}`, { token: buyer.token });
    expect(inbound.json()).toMatchObject({ flowDirection: 'In', flowType: 'SupplierInvoice' });
    expect(inbound.json()).not.toHaveProperty('trackingId');

    const original = await api.call('flow-service', 'GET', `/v1/flows/${flow.flowId}`, {
      token: buyer.token,
      query: { docType: 'Original' },
    });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-disposition']).toBe('attachment;filename="facture.xml"');
    expect(original.rawPayload.equals(file)).toBe(true);
    const converted = await api.call('flow-service', 'GET', `/v1/flows/${flow.flowId}`, {
      token: buyer.token,
      query: { docType: 'Converted' },
    });
    expect(converted.statusCode).toBe(404);

    // The platform's 200 Déposée comes back to the seller as a CDAR flow (CustomerInvoiceLC, In).
    const statuses = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: seller.token,
      body: { where: { flowDirection: ['In'], flowType: ['CustomerInvoiceLC'] } },
    });
    const results = statuses.json<{ results: { flowId: string; flowSyntax: string }[] }>().results;
    expect(results).toHaveLength(1);
    expect(results[0]?.flowSyntax).toBe('CDAR');
    const cdar = await api.call('flow-service', 'GET', `/v1/flows/${results[0]?.flowId}`, {
      token: seller.token,
      query: { docType: 'Original' },
    });
    expect(parseCdar(cdar.body).statusCode).toBe(200);
  });

  it('acknowledges an unreadable file or a wrong SHA-256 with an Error, and an unknown buyer with 221', async () => {
    const unreadable = await submit(seller, Buffer.from('<Invoice>pas une facture</Invoice>'));
    const unreadableFlow = await api.call(
      'flow-service',
      'GET',
      `/v1/flows/${unreadable.json<{ flowId: string }>().flowId}`,
      { token: seller.token },
    );
    expect(unreadableFlow.json()).toMatchObject({
      acknowledgement: { status: 'Error', details: [{ level: 'Error', reasonCode: 'InvalidSchema' }] },
    });

    const mismatch = await submit(seller, invoiceTo(buyer.siret), { sha256: 'a'.repeat(64) });
    const mismatchFlow = await api.call(
      'flow-service',
      'GET',
      `/v1/flows/${mismatch.json<{ flowId: string }>().flowId}`,
      { token: seller.token },
    );
    expect(mismatchFlow.json()).toMatchObject({
      acknowledgement: { status: 'Error', details: [{ reasonCode: 'ChecksumMismatch' }] },
    });

    const other = await platformParty(t);
    const unknown = await submit(other, invoiceTo(null));
    expect(unknown.statusCode).toBe(202);
    const lc = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: other.token,
      body: { where: { flowDirection: ['In'] } },
    });
    const [status] = lc.json<{ results: { flowId: string }[] }>().results;
    const cdar = await api.call('flow-service', 'GET', `/v1/flows/${status?.flowId}`, {
      token: other.token,
      query: { docType: 'Original' },
    });
    expect(parseCdar(cdar.body)).toMatchObject({ statusCode: 221, reason: { code: 'ROUTAGE_ERR' } });
  });

  it('routes a status (CDAR) a buyer submits to the seller of its invoice: SupplierInvoiceLC Out, CustomerInvoiceLC In', async () => {
    const sellerParty = {
      role: 'vendeur' as const,
      name: 'Claire Martin EI',
      siren: seller.siret.slice(0, 9),
      siret: seller.siret,
    };
    const buyerParty = {
      role: 'acheteur' as const,
      name: 'Jeanne Durand EI',
      siren: buyer.siret.slice(0, 9),
    };
    const sample = cdarSample(204);
    const file = Buffer.from(
      cdarXml({
        ...sample,
        sender: buyerParty,
        recipient: sellerParty,
        invoice: { ...sample.invoice, seller: sellerParty, buyer: buyerParty },
      }),
    );
    const sent = await submit(buyer, file, { flowSyntax: 'CDAR', name: 'statut-204.xml' });
    expect(sent.statusCode, sent.body).toBe(202);
    const flowId = sent.json<{ flowId: string }>().flowId;
    const out = await api.call('flow-service', 'GET', `/v1/flows/${flowId}`, { token: buyer.token });
    expect(out.json()).toMatchObject({
      flowDirection: 'Out',
      flowType: 'SupplierInvoiceLC',
      acknowledgement: { status: 'Ok' },
    });
    const inbound = await api.call('flow-service', 'GET', `/v1/flows/${flowId}`, { token: seller.token });
    expect(inbound.json()).toMatchObject({ flowDirection: 'In', flowType: 'CustomerInvoiceLC' });
  });

  it('refuses requests that break the document with 400 {errorCode, errorMessage}, and unknown callers with 401', async () => {
    const file = invoiceTo(buyer.siret);
    const longTracking = await submit(seller, file, { trackingId: 'x'.repeat(65) });
    expect(longTracking.statusCode).toBe(400);
    expect(longTracking.json()).toMatchObject({ errorCode: 'INVALID_REQUEST' });
    for (const hostile of [{ trackingId: 'a\u0000b' }, { name: 'a\nb' }]) {
      const refused = await submit(seller, file, hostile);
      expect(refused.statusCode, refused.body).toBe(400);
    }
    const badSyntax = await submit(seller, file, { flowSyntax: 'PDF' });
    expect(badSyntax.statusCode).toBe(400);
    const noFile = await api.call('flow-service', 'POST', '/v1/flows', {
      token: seller.token,
      multipart: await multipart({ flowInfo: { name: 'f.xml', flowSyntax: 'UBL' } }),
    });
    expect(noFile.statusCode).toBe(400);
    const noInfo = await api.call('flow-service', 'POST', '/v1/flows', {
      token: seller.token,
      multipart: await multipart({ file }),
    });
    expect(noInfo.statusCode).toBe(400);
    const anonymous = await api.call('flow-service', 'POST', '/v1/flows/search', {
      body: { where: { ackStatus: 'Ok' } },
    });
    expect(anonymous.statusCode).toBe(401);
    const emptyWhere = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: seller.token,
      body: { where: {} },
    });
    expect(emptyWhere.statusCode).toBe(400);
    const tooMany = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: seller.token,
      body: { where: { ackStatus: 'Ok' }, limit: 101 },
    });
    expect(tooMany.statusCode).toBe(400);
    const stranger = await platformParty(t);
    const first = await submit(seller, invoiceTo(buyer.siret));
    const hidden = await api.call(
      'flow-service',
      'GET',
      `/v1/flows/${first.json<{ flowId: string }>().flowId}`,
      { token: stranger.token },
    );
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ errorCode: 'MISSING_RESOURCE' });
  });

  it('pages a search with nextCursor while more remain', async () => {
    const party = await platformParty(t);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      ids.push(
        (await submit(party, Buffer.from('FRR'), { flowSyntax: 'FRR', name: `er-${i}.json` })).json<{
          flowId: string;
        }>().flowId,
      );
    }
    const where = { flowDirection: ['Out'], ackStatus: 'Ok' };
    const page1 = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: party.token,
      body: { where, limit: 2 },
    });
    const first = page1.json<{ results: { flowId: string }[]; nextCursor?: string; limit: number }>();
    expect(first.results).toHaveLength(2);
    expect(first.limit).toBe(2);
    expect(first.nextCursor).toBeTruthy();
    const page2 = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: party.token,
      body: { where, limit: 2, cursor: first.nextCursor },
    });
    const second = page2.json<{ results: { flowId: string }[]; nextCursor?: string }>();
    expect(second.nextCursor).toBeUndefined();
    expect([...first.results, ...second.results].map((r) => r.flowId).sort()).toEqual([...ids].sort());
    const bad = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: party.token,
      body: { where, cursor: 'pas-un-curseur' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('registers webhooks, delivers each change signed to their callback, and deletes them', async () => {
    const created = await api.call('flow-service', 'POST', '/v1/webhooks', {
      token: buyer.token,
      body: { callbackUrl: receiverUrl, flowDirection: 'In' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<{ webhookId: string; signingKey: string; createdAt: string }>();
    expect(Buffer.from(hook.signingKey, 'base64')).toHaveLength(32);
    const bad = await api.call('flow-service', 'POST', '/v1/webhooks', {
      token: buyer.token,
      body: { callbackUrl: 'pas une url' },
    });
    expect(bad.statusCode).toBe(400);

    // Besides this one, the buyer's client may hold the webhook of its own Facturo connection, which the
    // platform has registered before delivering it a flow: only the caller's webhooks are listed.
    const webhooksOfBuyer = async () =>
      (await api.call('flow-service', 'GET', '/v1/webhooks', { token: buyer.token })).json<{
        count: number;
        webhookIds: string[];
        webhooks: { webhookId: string; callbackUrl: string }[];
      }>();
    const listed = await webhooksOfBuyer();
    expect(listed.count).toBe(listed.webhooks.length);
    expect(listed.webhookIds).toContain(hook.webhookId);
    expect(listed.webhooks).toContainEqual({
      webhookId: hook.webhookId,
      callbackUrl: receiverUrl,
      flowDirection: 'In',
      createdAt: hook.createdAt,
    });

    const flowId = (await submit(seller, invoiceTo(buyer.siret))).json<{ flowId: string }>().flowId;
    const delivery = await waitFor(() => received.find((d) => d.body.toString().includes(flowId)));
    expect(
      verifyWebhook(
        hook.signingKey,
        delivery.body,
        { signature: delivery.signature, timestamp: delivery.timestamp },
        new Date(),
      ),
    ).toBeTruthy();
    const flow = JSON.parse(delivery.body.toString()) as unknown;
    expect(flow).toMatchObject({ flowId, flowDirection: 'In', flowType: 'SupplierInvoice' });
    const backend = await serviceBackend('flow-service');
    expect(backend.validator.validateResponse(flow, backend.getOperation('getFlow') ?? '', 200).valid).toBe(
      true,
    );

    const stranger = await platformParty(t);
    const notTheirs = await api.call('flow-service', 'DELETE', `/v1/webhooks/${hook.webhookId}`, {
      token: stranger.token,
    });
    expect(notTheirs.statusCode).toBe(404);
    const gone = await api.call('flow-service', 'DELETE', `/v1/webhooks/${hook.webhookId}`, {
      token: buyer.token,
    });
    expect(gone.statusCode).toBe(204);
    const left = await webhooksOfBuyer();
    expect(left.webhookIds).not.toContain(hook.webhookId);
    expect(left.count).toBe(listed.count - 1);
  });
});

describe('the test platform: test controls', () => {
  it('sends the submitter a platform status the test asks for, and makes the next submissions fail', async () => {
    const flowId = (await submit(seller, invoiceTo(buyer.siret))).json<{ flowId: string }>().flowId;
    const control = await t.app.inject({
      method: 'POST',
      url: `${BASE}/controle/flux/${flowId}/statuts`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { code: 213, motifCode: 'REJ_SEMAN', motif: 'Montant incohérent' },
    });
    expect(control.statusCode, control.body).toBe(200);
    const made = control.json<{ flowId: string; flowType: string; flowDirection: string }>();
    expect(made).toMatchObject({ flowType: 'CustomerInvoiceLC', flowDirection: 'In', flowSyntax: 'CDAR' });
    const cdar = await api.call('flow-service', 'GET', `/v1/flows/${made.flowId}`, {
      token: seller.token,
      query: { docType: 'Original' },
    });
    expect(parseCdar(cdar.body)).toMatchObject({
      statusCode: 213,
      reason: { code: 'REJ_SEMAN', text: 'Montant incohérent' },
    });

    const plan = await t.app.inject({
      method: 'POST',
      url: `${BASE}/controle/pannes`,
      headers: { authorization: `Bearer ${seller.token}` },
      payload: { nombre: 1, moment: 'apres' },
    });
    expect(plan.statusCode).toBe(200);
    const file = invoiceTo(buyer.siret);
    const trackingId = randomUUID();
    const lost = await submit(seller, file, { trackingId });
    expect(lost.statusCode).toBe(503);
    expect(lost.json()).toMatchObject({ errorCode: 'SERVICE_UNAVAILABLE' });
    const retry = await submit(seller, file, { trackingId });
    expect(retry.statusCode).toBe(202);
    const search = await api.call('flow-service', 'POST', '/v1/flows/search', {
      token: seller.token,
      body: { where: { trackingId } },
    });
    expect(search.json<{ results: unknown[] }>().results).toHaveLength(1);
  });
});

describe('the test platform: Directory Service', () => {
  it('lists each receiving account by SIREN, SIRET and directory line', async () => {
    const siren = buyer.siret.slice(0, 9);
    expect((await api.call('directory-service', 'GET', '/v1/healthcheck')).statusCode).toBe(200);
    const company = await api.call('directory-service', 'GET', `/v1/siren/code-insee:${siren}`, {
      token: seller.token,
    });
    expect(company.json()).toEqual({
      siren,
      businessName: 'Jeanne Durand EI',
      entityType: 'PrivateVatRegistered',
      administrativeStatus: 'A',
    });
    const facility = await api.call('directory-service', 'GET', `/v1/siret/code-insee:${buyer.siret}`, {
      token: seller.token,
      query: { include: 'siren' },
    });
    expect(facility.json()).toMatchObject({
      siret: buyer.siret,
      siren,
      administrativeStatus: 'A',
      legalUnit: { siren },
    });
    const line = await api.call(
      'directory-service',
      'GET',
      `/v1/directory-line/code:${siren}_${buyer.siret}`,
      { token: seller.token },
    );
    expect(line.json()).toMatchObject({
      addressingIdentifier: buyer.siret,
      platformType: 'WK',
      directoryLineStatus: 'Enabled',
    });
    const bySiret = await api.call('directory-service', 'GET', `/v1/directory-line/code:${buyer.siret}`, {
      token: seller.token,
    });
    expect(bySiret.statusCode).toBe(200);

    const strict = (value: string) => ({ op: 'strict', value });
    const sirenSearch = await api.call('directory-service', 'POST', '/v1/siren/search', {
      token: seller.token,
      body: { filters: { siren: strict(siren) } },
    });
    expect(sirenSearch.json()).toMatchObject({ totalNumberOfResults: 1, results: [{ siren }] });
    const siretSearch = await api.call('directory-service', 'POST', '/v1/siret/search', {
      token: seller.token,
      body: { filters: { siret: strict(buyer.siret) } },
    });
    expect(siretSearch.json()).toMatchObject({ totalNumberOfResults: 1, results: [{ siret: buyer.siret }] });
    const lineSearch = await api.call('directory-service', 'POST', '/v1/directory-line/search', {
      token: seller.token,
      body: { filters: { addressingIdentifier: strict(buyer.siret) } },
    });
    expect(lineSearch.json()).toMatchObject({
      totalNumberOfResults: 1,
      results: [{ addressingIdentifier: buyer.siret }],
    });
    const noCriterion = await api.call('directory-service', 'POST', '/v1/siren/search', {
      token: seller.token,
      body: {},
    });
    expect(noCriterion.statusCode).toBe(400);
  });

  it('answers 404 for unknown keys, 400 for malformed ones, nothing for routing codes, and hides flagged duplicates', async () => {
    expect(
      (await api.call('directory-service', 'GET', '/v1/siren/code-insee:000000000', { token: seller.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await api.call('directory-service', 'GET', '/v1/siren/code-insee:12345', { token: seller.token }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await api.call('directory-service', 'GET', '/v1/siret/code-insee:00000000000000', {
          token: seller.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await api.call('directory-service', 'GET', '/v1/directory-line/code:inconnu', { token: seller.token }))
        .statusCode,
    ).toBe(404);
    expect((await api.call('directory-service', 'GET', '/v1/siren/code-insee:000000000')).statusCode).toBe(
      401,
    );
    const routing = await api.call('directory-service', 'POST', '/v1/routing-code/search', {
      token: seller.token,
      body: { filters: {} },
    });
    expect(routing.json()).toMatchObject({ totalNumberOfResults: 0, results: [] });
    const code = await api.call(
      'directory-service',
      'GET',
      `/v1/routing-code/siret:${buyer.siret}/code:SERVICE-A`,
      { token: seller.token },
    );
    expect(code.statusCode).toBe(404);
    const flagged = await platformParty(t);
    await t.database.db.update(users).set({ siretDuplicate: true }).where(eq(users.id, flagged.user._id));
    const hidden = await api.call('directory-service', 'GET', `/v1/siret/code-insee:${flagged.siret}`, {
      token: seller.token,
    });
    expect(hidden.statusCode).toBe(404);
  });
});

describe('the test platform against the documents', () => {
  it('served every operation of both documents, each answer valid against its document', async () => {
    const operations: string[] = [];
    for (const service of ['flow-service', 'directory-service'] as const) {
      const backend = await serviceBackend(service);
      operations.push(...backend.getOperations().map((o) => o.operationId ?? ''));
    }
    for (const operationId of operations)
      expect([...(api.answered.get(operationId) ?? [])], operationId).not.toEqual([]);
    // Success and error answers alike were checked against the documents (ContractCaller).
    const statuses = [...api.answered.values()].flatMap((s) => [...s]);
    expect(statuses).toEqual(expect.arrayContaining([200, 201, 202, 204, 400, 401, 404, 503]));
  });
});
