import type { ConnectionTest, EInvoicingConnection } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { einvoicingConnections } from '../../../db/schema.js';
import { openSecret } from '../../../lib/secret-box.js';
import { signedInUser } from '../../../test/factories.js';
import { APP_URL, startTestApp, type TestApp } from '../../../test/harness.js';
import { SIGNATURE_TOLERANCE_MS } from '../afnor/webhook-signature.js';
import { type FakeConnectionPlatform, startFakeConnectionPlatform } from './connection-fake-platform.js';
import { pollPlatforms } from './sync-flows.js';
import { deliverWebhook, signed, userWithPlatformWebhook } from './webhook-test-kit.js';

let t: TestApp;
/** The users whose webhooks queued a sync, once per sync. */
const synced: string[] = [];
const fakes: FakeConnectionPlatform[] = [];
beforeAll(async () => {
  t = await startTestApp({}, { platformSync: async (job) => void synced.push(job.userId) });
});
afterAll(async () => t.close());
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.close()));
});

const CONNECTION = '/api/facturation-electronique/connexion';

async function fakePlatform(): Promise<FakeConnectionPlatform> {
  const fake = await startFakeConnectionPlatform();
  fakes.push(fake);
  return fake;
}

/** The settings of `fake` as the page sends them. */
const settingsOf = (fake: FakeConnectionPlatform, overrides: Record<string, unknown> = {}) => ({
  plateforme: 'afnor',
  urlApi: `${fake.flowUrl}/`,
  urlAnnuaire: fake.directoryUrl,
  urlJeton: fake.tokenUrl,
  identifiantClient: fake.clientId,
  secretClient: fake.clientSecret,
  authentificationClient: 'corps',
  ...overrides,
});

const save = async (token: string, body: unknown) =>
  t.request({ method: 'PUT', url: CONNECTION, token, body });
const testConnection = async (token: string) =>
  t.request({ method: 'POST', url: `${CONNECTION}/test`, token });

async function rowOf(userId: string) {
  const [row] = await t.database.db
    .select()
    .from(einvoicingConnections)
    .where(eq(einvoicingConnections.userId, userId));
  if (!row) throw new Error('no connection');
  return row;
}

const signingKeyOf = async (userId: string) =>
  openSecret(t.config.einvoicing.secretKey, (await rowOf(userId)).webhookSecretEncrypted ?? '');

describe('GET/PUT /api/facturation-electronique/connexion', () => {
  it('shows the test platform by default, never a secret, and says why its webhook is not registered', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'GET', url: CONNECTION, token });
    expect(res.statusCode).toBe(200);
    const connection = res.json<EInvoicingConnection>();
    expect(connection).toMatchObject({
      plateforme: 'test',
      libelle: 'Plateforme de test',
      urlApi: null,
      urlAnnuaire: null,
      secretClientDefini: true,
      authentificationClient: 'corps',
      // This app has no test platform: registering its webhook failed, the reason is said.
      webhookEnregistre: false,
      erreurWebhook: 'Aucune plateforme de facturation électronique n’est configurée pour ce compte.',
    });
    expect(connection.urlWebhook).toMatch(
      new RegExp(`^${APP_URL}/api/facturation-electronique/webhooks/[0-9a-f-]{36}$`),
    );
    expect(Object.keys(connection)).not.toContain('secretWebhookDefini');
  });

  it('saves an approved platform, seals its secret and registers the webhook with it', async () => {
    const fake = await fakePlatform();
    const { token, user } = await signedInUser(t);
    const saved = await save(token, settingsOf(fake, { authentificationClient: 'basic' }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<EInvoicingConnection>()).toMatchObject({
      plateforme: 'afnor',
      libelle: 'Plateforme agréée',
      urlApi: fake.flowUrl,
      urlAnnuaire: fake.directoryUrl,
      urlJeton: fake.tokenUrl,
      identifiantClient: fake.clientId,
      authentificationClient: 'basic',
      secretClientDefini: true,
      webhookEnregistre: true,
      erreurWebhook: null,
    });
    expect(saved.body).not.toContain(fake.clientSecret);
    // The client secret went by HTTP Basic, as chosen.
    expect(fake.tokenAuth).toContain('basic');
    expect(fake.tokenAuth).not.toContain('corps');
    const row = await rowOf(user._id);
    expect(row.clientSecretEncrypted).not.toContain(fake.clientSecret);
    expect(openSecret(t.config.einvoicing.secretKey, row.clientSecretEncrypted ?? '')).toBe(
      fake.clientSecret,
    );
    const [registered] = [...fake.webhooks.entries()];
    expect(registered?.[1].callbackUrl).toBe(`${APP_URL}/api/facturation-electronique/webhooks/${user._id}`);
    expect(row.webhookId).toBe(registered?.[0]);
    // The signing key is kept sealed, and is the one the platform signs with.
    expect(row.webhookSecretEncrypted).not.toContain(registered?.[1].signingKey ?? '?');
    expect(await signingKeyOf(user._id)).toBe(registered?.[1].signingKey);
    const body = JSON.stringify({ flowId: 'flux-1', updatedAt: new Date().toISOString() });
    const delivered = await deliverWebhook(
      t,
      user._id,
      body,
      signed(body, new Date(), registered?.[1].signingKey),
    );
    expect(delivered.statusCode, delivered.body).toBe(200);
    await expect.poll(() => synced.includes(user._id)).toBe(true);

    // Saved again unchanged, without the secret (kept): the same webhook, not a second one.
    const again = await save(token, settingsOf(fake, { secretClient: undefined }));
    expect(again.json<EInvoicingConnection>()).toMatchObject({
      secretClientDefini: true,
      webhookEnregistre: true,
    });
    expect(fake.webhooks.size).toBe(1);
    expect((await rowOf(user._id)).webhookId).toBe(registered?.[0]);
  });

  it('deletes the former webhook on a change of platform and back to the test platform', async () => {
    const first = await fakePlatform();
    const second = await fakePlatform();
    const { token, user } = await signedInUser(t);
    expect((await save(token, settingsOf(first))).json<EInvoicingConnection>().webhookEnregistre).toBe(true);
    const [firstId] = [...first.webhooks.keys()];
    const firstKey = await signingKeyOf(user._id);

    const moved = await save(token, settingsOf(second));
    expect(moved.json<EInvoicingConnection>()).toMatchObject({
      urlApi: second.flowUrl,
      webhookEnregistre: true,
    });
    expect(first.deleted).toEqual([firstId]);
    expect(second.webhooks.size).toBe(1);
    // The former platform's key signs nothing any more.
    const body = '{"flowId":"x"}';
    expect((await deliverWebhook(t, user._id, body, signed(body, new Date(), firstKey))).statusCode).toBe(
      401,
    );

    const [secondId] = [...second.webhooks.keys()];
    const back = await save(token, { plateforme: 'test' });
    expect(back.statusCode).toBe(200);
    expect(back.json<EInvoicingConnection>()).toMatchObject({ plateforme: 'test', urlApi: null });
    expect(second.deleted).toEqual([secondId]);
  });

  it('saves even when the former webhook cannot be deleted (the platform is gone)', async () => {
    const gone = await startFakeConnectionPlatform();
    const next = await fakePlatform();
    const { token, user } = await signedInUser(t);
    await save(token, settingsOf(gone));
    await gone.close();
    const moved = await save(token, settingsOf(next));
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<EInvoicingConnection>().webhookEnregistre).toBe(true);
    expect((await rowOf(user._id)).webhookId).toBe([...next.webhooks.keys()][0]);
  });

  it('keeps a connection whose webhook the platform refused, says why, and retries at the next test', async () => {
    const fake = await fakePlatform();
    fake.refuseRegistration = true;
    const { token } = await signedInUser(t);
    const saved = await save(token, settingsOf(fake));
    expect(saved.statusCode, saved.body).toBe(200);
    const connection = saved.json<EInvoicingConnection>();
    expect(connection).toMatchObject({ plateforme: 'afnor', webhookEnregistre: false });
    expect(connection.erreurWebhook).toMatch(/plateforme/i);

    fake.refuseRegistration = false;
    const tested = await testConnection(token);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json<ConnectionTest>().webhook).toEqual({
      ok: true,
      message: 'Webhook enregistré auprès de la plateforme.',
    });
    expect(fake.webhooks.size).toBe(1);
    const read = await t.request({ method: 'GET', url: CONNECTION, token });
    expect(read.json<EInvoicingConnection>().webhookEnregistre).toBe(true);
  });

  it('registers at the next poll a webhook the platform refused at connection', async () => {
    const fake = await fakePlatform();
    fake.refuseRegistration = true;
    const { user, token } = await signedInUser(t);
    expect((await save(token, settingsOf(fake))).json<EInvoicingConnection>().webhookEnregistre).toBe(false);
    await pollPlatforms(t.platform);
    expect((await rowOf(user._id)).webhookId).toBeNull();

    fake.refuseRegistration = false;
    await pollPlatforms(t.platform);
    const [registered] = [...fake.webhooks.keys()];
    expect((await rowOf(user._id)).webhookId).toBe(registered);
    expect(fake.webhooks.size).toBe(1);
  });

  it('refuses bad settings with a French message and its errorType', async () => {
    const fake = await fakePlatform();
    const { token } = await signedInUser(t);
    const cases: [Record<string, unknown>, RegExp][] = [
      [settingsOf(fake, { secretClient: undefined }), /secret client est requis/],
      [settingsOf(fake, { urlApi: 'pas une url' }), /Adresse/],
      [settingsOf(fake, { urlAnnuaire: undefined }), /.+/],
      [settingsOf(fake, { urlJeton: 'ftp://pa.example/token' }), /http\(s\)/],
      [settingsOf(fake, { identifiantClient: '' }), /Identifiant client requis/],
      [settingsOf(fake, { authentificationClient: 'jeton' }), /HTTP Basic.*corps de la requête/],
      [{ plateforme: 'autre' }, /.+/],
    ];
    for (const [body, message] of cases) {
      const refused = await save(token, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      const error = refused.json<{ errorType: string; message: string }>();
      expect(error.errorType).toBe('validation_error');
      expect(error.message).toMatch(message);
    }
    expect(fake.webhooks.size).toBe(0);
  });

  it('is for professionals only', async () => {
    const { token } = await signedInUser(t, { role: 'particulier', siret: null });
    expect((await t.request({ method: 'GET', url: CONNECTION, token })).statusCode).toBe(403);
    expect((await testConnection(token)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: CONNECTION })).statusCode).toBe(401);
    expect((await t.request({ method: 'POST', url: `${CONNECTION}/test` })).statusCode).toBe(401);
  });
});

describe('POST /api/facturation-electronique/connexion/test', () => {
  it('answers each step in French, one of them failing', async () => {
    const fake = await fakePlatform();
    const { token } = await signedInUser(t);
    await save(token, settingsOf(fake));
    fake.directoryDown = true;
    const res = await testConnection(token);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<ConnectionTest>();
    expect(result.jeton.ok).toBe(true);
    expect(result.flux.ok).toBe(true);
    expect(result.annuaire.ok).toBe(false);
    expect(result.annuaire.message).toMatch(/[a-zé]/);
    expect(result.webhook).toEqual({ ok: true, message: 'Webhook enregistré auprès de la plateforme.' });
  });

  it('says the token was refused, and does not try the webhook without one', async () => {
    const fake = await fakePlatform();
    const { token } = await signedInUser(t);
    const saved = await save(token, settingsOf(fake, { identifiantClient: 'client-inconnu' }));
    expect(saved.json<EInvoicingConnection>().webhookEnregistre).toBe(false);
    const result = (await testConnection(token)).json<ConnectionTest>();
    expect(result.jeton.ok).toBe(false);
    expect(result.jeton.message).toMatch(/[a-zé]/);
    expect(result.webhook).toEqual({
      ok: false,
      message: 'Non essayé : la plateforme n’a pas donné de jeton d’accès.',
    });
  });

  it('says every step failed when no platform is reachable (the test platform is off here)', async () => {
    const { token } = await signedInUser(t);
    const result = (await testConnection(token)).json<ConnectionTest>();
    for (const step of Object.values(result)) {
      expect(step).toEqual({
        ok: false,
        message: 'Aucune plateforme de facturation électronique n’est configurée pour ce compte.',
      });
    }
  });
});

describe('POST /api/facturation-electronique/webhooks/:userId', () => {
  const body = JSON.stringify({ flowId: 'flux-7', flowDirection: 'In' });

  it('takes a delivery signed with the stored key (200, a sync scheduled), the body never trusted', async () => {
    const userId = await userWithPlatformWebhook(t);
    const res = await deliverWebhook(t, userId, body, signed(body, t.clock.now()));
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => synced.includes(userId)).toBe(true);
  });

  it('refuses a wrong, stale, future or missing signature, and another body, with a French 401', async () => {
    const userId = await userWithPlatformWebhook(t);
    const now = t.clock.now();
    const stale = new Date(now.getTime() - SIGNATURE_TOLERANCE_MS - 1000);
    const future = new Date(now.getTime() + SIGNATURE_TOLERANCE_MS + 1000);
    const good = signed(body, now);
    const refusals: [string, string, Record<string, string>][] = [
      ['another key', body, signed(body, now, Buffer.alloc(32, 1).toString('base64'))],
      ['stale', body, signed(body, stale)],
      ['future', body, signed(body, future)],
      ['no headers', body, {}],
      ['no timestamp', body, { 'afnor-signature': good['afnor-signature'] ?? '' }],
      ['no signature', body, { 'afnor-signature-timestamp': good['afnor-signature-timestamp'] ?? '' }],
      [
        'another timestamp',
        body,
        { ...good, 'afnor-signature-timestamp': String(Math.floor(now.getTime() / 1000) - 1) },
      ],
      ['one byte changed', `${body} `, good],
    ];
    for (const [name, sent, headers] of refusals) {
      const res = await deliverWebhook(t, userId, sent, headers);
      expect(res.statusCode, name).toBe(401);
      expect(res.json<{ errorType: string; message: string }>()).toMatchObject({
        errorType: 'invalid_webhook_signature',
        message: expect.stringMatching(/^Signature du webhook invalide/),
      });
    }
    expect(synced).not.toContain(userId);
    expect((await deliverWebhook(t, 'pas-un-id', body, good)).statusCode).toBe(400);
  });

  it('refuses any delivery for a connection without a registered webhook', async () => {
    const { token, user } = await signedInUser(t);
    await t.request({ method: 'GET', url: CONNECTION, token });
    const res = await deliverWebhook(t, user._id, body, signed(body, t.clock.now()));
    expect(res.statusCode).toBe(401);
  });

  it('refuses the replay of a delivery (409)', async () => {
    const userId = await userWithPlatformWebhook(t);
    const headers = signed(body, t.clock.now());
    expect((await deliverWebhook(t, userId, body, headers)).statusCode).toBe(200);
    const replay = await deliverWebhook(t, userId, body, headers);
    expect(replay.statusCode).toBe(409);
    expect(replay.json<{ errorType: string }>().errorType).toBe('webhook_replayed');
  });
});
