import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListeningTestApp, type TestApp } from '../../../test/harness.js';
import { testPlatformFlowsOfKey } from '../../../test/platform-test-kit.js';
import { BASE, multipart, platformParty, sha256Of } from './test-platform-test-kit.js';

let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  // Two replicas of one instance: one database (PostgreSQL: PGlite gives each app its own), one key.
  const secretKey = randomBytes(32).toString('hex');
  a = await startListeningTestApp({ einvoicing: { secretKey, testPlatformUrl: undefined } });
  b = await startListeningTestApp({ einvoicing: { secretKey, testPlatformUrl: undefined } });
});
afterAll(async () => {
  await a.close();
  await b.close();
});

describe('the test platform on two replicas', () => {
  it('shares its flows, tokens and webhooks: the same trackingId on either replica is one flow', async () => {
    const party = await platformParty(a);
    const content = Buffer.from('e-reporting');
    const trackingId = `replicas-${randomUUID()}`;
    const flowInfo = { trackingId, name: 'ereporting.json', flowSyntax: 'FRR', sha256: sha256Of(content) };
    const submitOn = async (t: TestApp) => {
      const { contentType, payload } = await multipart({ flowInfo, file: content });
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/flow-service/v1/flows`,
        headers: { authorization: `Bearer ${party.token}`, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode, res.body).toBe(202);
      return res.json<{ flowId: string }>().flowId;
    };
    const first = await submitOn(a);
    expect(await submitOn(b)).toBe(first);
    expect(await testPlatformFlowsOfKey(a, trackingId)).toHaveLength(1);
    const flow = await b.app.inject({
      method: 'GET',
      url: `${BASE}/flow-service/v1/flows/${first}`,
      headers: { authorization: `Bearer ${party.token}` },
    });
    expect(flow.json()).toMatchObject({
      flowId: first,
      acknowledgement: { status: 'Ok' },
      flowDirection: 'Out',
    });

    const created = await a.app.inject({
      method: 'POST',
      url: `${BASE}/flow-service/v1/webhooks`,
      headers: { authorization: `Bearer ${party.token}` },
      payload: { callbackUrl: 'https://example.test/hook' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const listed = await b.app.inject({
      method: 'GET',
      url: `${BASE}/flow-service/v1/webhooks`,
      headers: { authorization: `Bearer ${party.token}` },
    });
    expect(listed.json()).toMatchObject({
      count: 1,
      webhookIds: [created.json<{ webhookId: string }>().webhookId],
    });
  });
});
