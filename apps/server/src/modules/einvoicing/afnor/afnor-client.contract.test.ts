import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AfnorPrism, startAfnorPrism } from '../../../test/afnor-prism.js';
import { AfnorPlatform, type AfnorPlatformOptions } from '../platform/afnor-platform.js';

/**
 * Facturo's platform client against an independent mock of the official contract: Prism serving the two
 * OpenAPI documents of XP Z12-013 as they are (test/afnor-prism.ts). Every request of every call is
 * checked by Prism; not one request-side violation is allowed.
 *
 * Prism also reports violations of the answers it makes up from the documents, e.g. ReasonCode's oneOf
 * (an enum value also matches its `type: string` branch, so « exactly one » fails), the signingKey example
 * « string » that is not base64 (format byte), the Content-Disposition example that misses its pattern:
 * flaws of the documents, not of the client. They are listed at the end, not counted against it.
 */
let prism: AfnorPrism;
beforeAll(async () => {
  prism = await startAfnorPrism();
}, 90_000);
afterAll(async () => {
  if (prism.responseViolations.length > 0) {
    const seen = new Set(prism.responseViolations.map((v) => `${v.request}: ${v.message}`));
    console.info(`Prism, answers out of their own document (not the client's):\n${[...seen].join('\n')}`);
  }
  await prism?.close();
});
beforeEach(() => {
  prism.prefer.clear();
  prism.overrides.clear();
});

function platform(options: Partial<AfnorPlatformOptions> = {}): AfnorPlatform {
  return new AfnorPlatform({
    label: 'Plateforme agréée',
    baseUrl: prism.flowUrl,
    directoryUrl: prism.directoryUrl,
    tokenUrl: prism.tokenUrl,
    clientId: prism.clientId,
    clientSecret: prism.clientSecret,
    clientAuth: 'basic',
    retryDelayMs: 5,
    ...options,
  });
}

const pdf = Buffer.from('%PDF-1.7 facture');
const cdar = Buffer.from('<?xml version="1.0"?><rsm:CrossDomainAcknowledgementAndResponse/>');
const sha = (content: Buffer) => createHash('sha256').update(content).digest('hex');

describe('the client against Prism serving the official XP Z12-013 documents', () => {
  it('makes every call of the port with no request Prism finds out of contract', async () => {
    const pa = platform();
    const submitted = await pa.submitFlow({
      trackingId: 'b7f1c2a4-6f1e-4f7e-9a51-0c4c2c6b9e11',
      name: 'FAC-2026-0001.pdf',
      syntax: 'Factur-X',
      processingRule: 'B2B',
      content: pdf,
      sha256: sha(pdf),
    });
    expect(submitted.flowId).toBeTruthy();
    expect(Number.isNaN(Date.parse(submitted.submittedAt))).toBe(false);
    await pa.submitFlow({
      trackingId: 'cdar-1',
      name: 'statut-205.xml',
      syntax: 'CDAR',
      content: cdar,
      sha256: sha(cdar),
    });

    const flow = await pa.getFlow('flow-1');
    expect(flow).toMatchObject({
      flowId: expect.any(String),
      acknowledgement: { status: expect.any(String) },
    });
    const file = await pa.downloadFlow('flow-1');
    expect(file.content.length).toBeGreaterThan(0);
    expect(
      await pa.searchFlows({ updatedAfter: new Date('2026-01-01T00:00:00Z'), direction: 'In' }),
    ).not.toHaveLength(0);
    await pa.searchFlows({ trackingId: 'b7f1c2a4-6f1e-4f7e-9a51-0c4c2c6b9e11', direction: 'Out' });
    await pa.searchFlows({});

    expect(await pa.lookupDirectory({ siren: '702042755' })).toMatchObject({
      siren: '702042755',
      nom: 'Boulangerie Pascale',
    });
    expect(await pa.lookupDirectory({ siret: '70204275500240' })).toMatchObject({ siret: '70204275500240' });
    prism.prefer.set('GET /directory-service/v1/siren/', 'code=404');
    expect(await pa.lookupDirectory({ siren: '987654321' })).toBeNull();
    prism.prefer.clear();

    const webhook = await pa.registerWebhook('https://facturo.example.fr/api/webhooks/plateforme/u1');
    expect(webhook).toMatchObject({ webhookId: expect.any(String), signingKey: expect.any(String) });
    await pa.deleteWebhook(webhook.webhookId);
    prism.prefer.set('DELETE /flow-service/v1/webhooks/', 'code=404');
    await pa.deleteWebhook(randomUUID());

    expect(await pa.checkConnection()).toEqual({
      jeton: { ok: true },
      flux: { ok: true },
      annuaire: { ok: true },
    });

    expect(prism.requestViolations).toEqual([]);
    // Everything went through Prism: both services, every operation the client uses.
    for (const operation of [
      'POST /flow-service/v1/flows',
      'POST /flow-service/v1/flows/search',
      'GET /flow-service/v1/flows/flow-1',
      'POST /flow-service/v1/webhooks',
      'GET /flow-service/v1/healthcheck',
      'GET /directory-service/v1/siren/code-insee:702042755',
      'GET /directory-service/v1/siret/code-insee:70204275500240',
      'POST /directory-service/v1/directory-line/search',
      'GET /directory-service/v1/healthcheck',
    ]) {
      expect(prism.forwarded.some((seen) => seen.startsWith(operation))).toBe(true);
    }
  }, 60_000);

  it('sends the client secret by HTTP Basic (form-urlencoded id and secret) or in the body, as set', async () => {
    prism.tokenRequests.length = 0;
    await platform({ clientAuth: 'basic', clientId: `${prism.clientId}` }).checkConnection();
    const basic = prism.tokenRequests.at(-1);
    // RFC 6749 §2.3.1: « client:facturo » and « s3cret é&= » are form-urlencoded, then joined by « : ».
    expect(basic?.authorization).toBe(
      `Basic ${Buffer.from('client%3Afacturo:s3cret+%C3%A9%26%3D').toString('base64')}`,
    );
    expect(basic?.form.get('client_secret')).toBeNull();
    expect(basic?.form.get('grant_type')).toBe('client_credentials');

    const check = await platform({ clientAuth: 'corps' }).checkConnection();
    expect(check.jeton).toEqual({ ok: true });
    const body = prism.tokenRequests.at(-1);
    expect(body?.authorization).toBeUndefined();
    expect(body?.form.get('client_id')).toBe(prism.clientId);
    expect(body?.form.get('client_secret')).toBe(prism.clientSecret);

    const refused = await platform({ clientSecret: 'faux' }).checkConnection();
    expect(refused.jeton).toEqual({
      ok: false,
      message: 'La plateforme a refusé les identifiants (jeton OAuth2) : Client inconnu (invalid_client)',
    });
    expect(refused.flux.ok).toBe(false);
  });

  it('shows the standard error body in French and does not retry a 4xx', async () => {
    // Prism cannot be asked for this answer (it answers its false 422 to any multipart): the document's own
    // Error422Response example, given by the proxy after Prism saw the request.
    prism.overrides.set('POST /flow-service/v1/flows', () => ({
      status: 422,
      body: { errorCode: 'UNPROCESSABLE_ENTITY', errorMessage: 'Entity consistency error' },
    }));
    const before = prism.forwarded.length;
    const error = await platform()
      .submitFlow({ trackingId: 't-422', name: 'f.pdf', syntax: 'Factur-X', content: pdf, sha256: sha(pdf) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      errorType: 'platform_refused',
      message: 'La plateforme a refusé l’envoi : Entity consistency error (UNPROCESSABLE_ENTITY)',
    });
    expect(prism.forwarded.length - before).toBe(1);

    prism.prefer.set('POST /flow-service/v1/flows/search', 'code=400');
    const searchBefore = prism.forwarded.length;
    await expect(platform().searchFlows({ direction: 'In' })).rejects.toMatchObject({
      status: 422,
      message: 'La plateforme a refusé la demande : Invalid request format (MISSING_REQUIRED_FIELD)',
    });
    expect(prism.forwarded.length - searchBefore).toBe(1);
  });

  it('retries a read on 5xx with back-off, then says the platform is unavailable; a submission is tried once', async () => {
    prism.prefer.set('POST /flow-service/v1/flows/search', 'code=503');
    const before = prism.forwarded.length;
    await expect(platform({ readTries: 3 }).searchFlows({ direction: 'In' })).rejects.toMatchObject({
      status: 503,
      errorType: 'platform_unavailable',
    });
    expect(prism.forwarded.length - before).toBe(3);

    prism.overrides.set('POST /flow-service/v1/flows', () => ({
      status: 500,
      body: { errorCode: 'INTERNAL_ERROR', errorMessage: null },
    }));
    const submitBefore = prism.forwarded.length;
    await expect(
      platform().submitFlow({
        trackingId: 't-500',
        name: 'f.pdf',
        syntax: 'Factur-X',
        content: pdf,
        sha256: sha(pdf),
      }),
    ).rejects.toMatchObject({ status: 503, errorType: 'platform_unavailable' });
    // The job (pg-boss, with back-off) retries a submission, after looking for it by trackingId.
    expect(prism.forwarded.length - submitBefore).toBe(1);
  });

  it('follows nextCursor until a page has none', async () => {
    const cursors: (string | undefined)[] = [];
    const page = (flowId: string, nextCursor?: string) => ({
      ...(nextCursor ? { nextCursor } : {}),
      results: [
        {
          flowId,
          name: `${flowId}.xml`,
          flowSyntax: 'CDAR',
          flowProfile: 'Basic',
          processingRule: 'B2B',
          processingRuleSource: 'Input',
          flowType: 'CustomerInvoiceLC',
          flowDirection: 'In',
          submittedAt: '2026-03-01T10:00:00Z',
          updatedAt: '2026-03-01T10:00:00Z',
          acknowledgement: { status: 'Ok' },
        },
      ],
    });
    prism.overrides.set('POST /flow-service/v1/flows/search', (body) => {
      const cursor = (JSON.parse(body.toString()) as { cursor?: string }).cursor;
      cursors.push(cursor);
      if (!cursor) return { status: 200, body: page('f1', 'c2') };
      if (cursor === 'c2') return { status: 200, body: page('f2', 'c3') };
      return { status: 200, body: page('f3') };
    });
    const flows = await platform().searchFlows({ updatedAfter: new Date('2026-01-01T00:00:00Z') });
    expect(flows.map((flow) => flow.flowId)).toEqual(['f1', 'f2', 'f3']);
    expect(cursors).toEqual([undefined, 'c2', 'c3']);
    expect(prism.requestViolations).toEqual([]);
  });

  it('reads the directory lines: an Enabled line of the company says where it receives', async () => {
    prism.overrides.set('POST /directory-service/v1/directory-line/search', () => ({
      status: 200,
      body: {
        results: [
          {
            siren: '702042755',
            siret: '70204275500240',
            routingIdentifier: 'SERVICE-A',
            directoryLineStatus: 'Enabled',
            platformType: 'DFH',
            addressingIdentifier: 'x',
          },
          {
            siren: '702042755',
            directoryLineStatus: 'Enabled',
            platformType: 'WK',
            addressingIdentifier: '702042755',
          },
        ],
      },
    }));
    expect(await platform().lookupDirectory({ siren: '702042755' })).toEqual({
      siren: '702042755',
      siret: null,
      nom: 'Boulangerie Pascale',
      peutRecevoir: true,
      plateforme: 'WK',
      adresse: '702042755',
      statutLigne: 'Enabled',
    });
    prism.overrides.set('POST /directory-service/v1/directory-line/search', () => ({
      status: 200,
      body: { results: [{ siren: '702042755', directoryLineStatus: 'Upcoming', platformType: 'WK' }] },
    }));
    expect(await platform().lookupDirectory({ siren: '702042755' })).toMatchObject({
      peutRecevoir: false,
      statutLigne: 'Upcoming',
    });
  });

  it('renews its token once when the platform answers 401, and keeps it across platform objects', async () => {
    await platform().getFlow('warm-up');
    const tokensBefore = prism.tokenRequests.length;
    await platform().getFlow('cached');
    expect(prism.tokenRequests.length).toBe(tokensBefore);
    let calls = 0;
    prism.overrides.set('GET /flow-service/v1/flows/rotated', () => {
      calls += 1;
      return calls === 1
        ? { status: 401, body: { errorCode: 'INVALID_TOKEN' } }
        : {
            status: 200,
            body: {
              flowId: 'rotated',
              name: 'f.pdf',
              flowSyntax: 'Factur-X',
              flowProfile: 'CIUS',
              processingRule: 'B2B',
              processingRuleSource: 'Input',
              flowType: 'CustomerInvoice',
              flowDirection: 'Out',
              submittedAt: '2026-03-01T10:00:00Z',
              updatedAt: '2026-03-01T10:00:05Z',
              acknowledgement: {
                status: 'Error',
                details: [
                  {
                    level: 'Error',
                    item: 'BR-FR-01',
                    reasonCode: 'InvalidSchema',
                    reasonMessage: 'Numéro absent',
                  },
                ],
              },
            },
          };
    });
    expect(await platform().getFlow('rotated')).toMatchObject({
      flowId: 'rotated',
      acknowledgement: { status: 'Error', details: [{ reasonMessage: 'Numéro absent' }] },
    });
    expect(calls).toBe(2);
    expect(prism.tokenRequests.length).toBe(tokensBefore + 1);
  });

  it('takes an answer that breaks the contract for an unavailable platform', async () => {
    prism.overrides.set('POST /flow-service/v1/flows', () => ({ status: 202, body: { trackingId: 'x' } }));
    const logged: object[] = [];
    await expect(
      platform({ log: { warn: (details) => logged.push(details) } }).submitFlow({
        trackingId: 't-bad',
        name: 'f.pdf',
        syntax: 'Factur-X',
        content: pdf,
        sha256: sha(pdf),
      }),
    ).rejects.toMatchObject({ status: 503, message: 'Réponse inattendue de la plateforme.' });
    // The offending field is logged for whoever reads the logs (never shown to the user).
    expect(logged).toEqual([{ operation: 'createFlow', field: 'flowId' }]);
  });
});
