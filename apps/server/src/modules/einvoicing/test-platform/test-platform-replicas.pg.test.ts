import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from '../../../lib/secret-box.js';
import { signedInUser } from '../../../test/factories.js';
import { startListeningTestApp, type TestApp } from '../../../test/harness.js';
import { testPlatformFlowsOfKey } from '../../../test/platform-test-kit.js';
import { AfnorPlatform } from '../platform/afnor-platform.js';
import { ensureConnection } from '../platform/connection.repo.js';

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
  it('shares its flows and tokens: the same key on either replica is one flow', async () => {
    const { user } = await signedInUser(a);
    const connection = await ensureConnection(a.database.db, a.config.einvoicing.secretKey, user._id);
    const clientSecret = openSecret(a.config.einvoicing.secretKey, connection.clientSecretEncrypted ?? '');
    const on = (t: TestApp) =>
      new AfnorPlatform({
        label: 'Plateforme de test',
        baseUrl: t.config.einvoicing.testPlatformUrl ?? '',
        tokenUrl: `${t.config.einvoicing.testPlatformUrl}/oauth/token`,
        clientId: connection.clientId ?? '',
        clientSecret,
      });
    const content = Buffer.from('e-reporting');
    const input = {
      idempotencyKey: `replicas-${user._id}`,
      name: 'ereporting.json',
      syntax: 'FRR' as const,
      content,
      sha256: createHash('sha256').update(content).digest('hex'),
    };
    const first = await on(a).submitFlow(input);
    const second = await on(b).submitFlow(input);
    expect(second.flowId).toBe(first.flowId);
    expect(await testPlatformFlowsOfKey(a, input.idempotencyKey)).toHaveLength(1);
    expect((await on(b).getFlow(first.flowId)).statuses.map((s) => s.code)).toEqual([200]);
  });
});
