import { singleLine } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { users } from '../../../db/schema.js';
import { AppError } from '../../../lib/errors.js';
import { type FlowInfoWire, flowInfoSchema, searchFlowsSchema } from '../platform/afnor-wire.js';
import { findConnectionByClientId } from '../platform/connection.repo.js';
import { routingSiretOf } from '../routing/routing-account.js';
import { type TestClient, TestPlatform } from './test-platform.service.js';
import { clientOf, issueToken, TEST_TOKEN_SECONDS, verifyToken } from './test-platform-auth.js';
import { FailureSwitch } from './test-platform-failures.js';

/** A flow's file may be a Factur-X PDF: the same ceiling as an upload of one. */
const MAX_FLOW_BYTES = 10 * 1024 * 1024;

// Every text this platform stores or looks up follows the API's text rule (packages/shared text.ts): a
// NUL byte in a client id reached PostgreSQL and answered 500.
const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: singleLine().min(1).max(200),
  client_secret: singleLine({ trim: false }).min(1).max(500),
});

const statusControlSchema = z.object({
  code: z.number().int().min(200).max(299),
  motifCode: singleLine().max(20).optional(),
  motif: singleLine().max(1000).optional(),
});

const flowParamsSchema = z.object({ flowId: singleLine().max(200) });

const failureControlSchema = z.object({
  nombre: z.number().int().min(0).max(20),
  /** avant: refused before keeping the flow; apres: kept, then the answer « lost » (a 503). */
  moment: z.enum(['avant', 'apres']).default('avant'),
});

/**
 * Issue 19: the built-in « Plateforme de test », mounted under /api/plateforme-test when
 * config.einvoicing.testPlatformUrl is set: the AFNOR XP Z12-013 API (OAuth2 token, Flow Service,
 * Directory Service) as an approved platform serves it, and test-control endpoints (/controle/…) to
 * give a flow a status or make the next submissions fail.
 */
export function testPlatformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const platform = new TestPlatform(ctx);
  const failures = new FailureSwitch();
  return async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'buffer', bodyLimit: MAX_FLOW_BYTES + 64 * 1024 },
      (_request, body, done) => done(null, body),
    );

    app.post('/oauth/token', { schema: { body: tokenRequestSchema } }, async (request, reply) => {
      const client = await clientOf(ctx, request.body.client_id, request.body.client_secret);
      if (!client?.clientId) {
        return reply.code(401).send({ error: 'invalid_client', message: 'Identifiants inconnus.' });
      }
      return {
        access_token: issueToken(ctx.config.einvoicing.secretKey, client.clientId, ctx.clock.now()),
        token_type: 'Bearer',
        expires_in: TEST_TOKEN_SECONDS,
      };
    });

    await app.register(async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      api.decorateRequest('testClient', null);
      api.addHook('onRequest', async (request) => {
        request.testClient = await authenticateClient(ctx, request.headers.authorization);
      });

      api.post('/v1/flows', async (request, reply) => {
        const client = testClientOf(request.testClient);
        const { info, content } = await readSubmission(request.headers['content-type'], request.body);
        const planned = failures.take(client.clientId);
        if (planned === 'avant') throw unavailable();
        const flow = await platform.submit(client, info, content);
        if (planned === 'apres') throw unavailable();
        return reply.code(201).send((await platform.flowFor(client, flow.flowId)).wire);
      });

      api.get(
        '/v1/flows/:flowId',
        {
          schema: {
            params: flowParamsSchema,
            querystring: z.object({ docType: z.enum(['Metadata', 'Original']).default('Metadata') }),
          },
        },
        async (request, reply) => {
          const { row, wire } = await platform.flowFor(
            testClientOf(request.testClient),
            request.params.flowId,
          );
          if (request.query.docType === 'Metadata') return wire;
          return reply.type('application/octet-stream').send(row.content);
        },
      );

      api.post('/v1/flows/search', { schema: { body: searchFlowsSchema } }, async (request) => ({
        results: await platform.search(testClientOf(request.testClient), {
          ...request.body.where,
          limit: request.body.limit,
        }),
      }));

      api.get(
        '/v1/:kind/:key',
        { schema: { params: z.object({ kind: z.enum(['siren', 'siret']), key: singleLine().max(40) }) } },
        async (request, reply) => {
          const id = request.params.key.replace(/^code-insee:/, '');
          const entry = await platform.lookup(
            request.params.kind === 'siren' ? { siren: id } : { siret: id },
          );
          if (!entry)
            return reply
              .code(404)
              .send({ errorType: 'not_found', message: 'Entreprise absente de l’annuaire.' });
          return entry;
        },
      );

      api.post(
        '/controle/flux/:flowId/statuts',
        { schema: { params: flowParamsSchema, body: statusControlSchema } },
        async (request) =>
          platform.addStatus(testClientOf(request.testClient), request.params.flowId, {
            code: request.body.code,
            ...(request.body.motifCode ? { reasonCode: request.body.motifCode } : {}),
            ...(request.body.motif ? { reason: request.body.motif } : {}),
          }),
      );

      api.post('/controle/pannes', { schema: { body: failureControlSchema } }, async (request) => {
        const client = testClientOf(request.testClient);
        failures.plan(client.clientId, request.body.nombre, request.body.moment);
        return { nombre: request.body.nombre, moment: request.body.moment };
      });
    });
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    testClient: TestClient | null;
  }
}

async function authenticateClient(ctx: AppContext, header: string | undefined): Promise<TestClient> {
  const token = header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  const clientId = token ? verifyToken(ctx.config.einvoicing.secretKey, token, ctx.clock.now()) : null;
  const connection = clientId ? await findConnectionByClientId(ctx.db, clientId) : null;
  if (!clientId || !connection) throw new AppError(401, 'unauthorized', 'Jeton d’accès invalide ou expiré.');
  const [user] = await ctx.db
    .select({ siret: users.siret })
    .from(users)
    .where(eq(users.id, connection.userId));
  return {
    clientId,
    userId: connection.userId,
    siren: user?.siret?.slice(0, 9) ?? null,
    siret: await routingSiretOf(ctx.db, connection.userId),
  };
}

function testClientOf(client: TestClient | null): TestClient {
  if (!client) throw new AppError(401, 'unauthorized', 'Jeton d’accès invalide ou expiré.');
  return client;
}

function unavailable(): AppError {
  return new AppError(503, 'platform_unavailable', 'Plateforme de test : indisponible (panne programmée).');
}

/** The multipart body of POST /v1/flows, read with the platform's own (WHATWG) form-data parser. */
async function readSubmission(
  contentType: string | undefined,
  body: unknown,
): Promise<{ info: FlowInfoWire; content: Buffer }> {
  if (!contentType?.startsWith('multipart/form-data') || !Buffer.isBuffer(body)) {
    throw new AppError(415, 'validation_error', 'Envoi attendu en multipart/form-data (flowInfo et file).');
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new AppError(400, 'validation_error', 'Corps multipart illisible.');
  }
  const infoPart = form.get('flowInfo');
  const filePart = form.get('file');
  if (infoPart === null || !(filePart instanceof Blob)) {
    throw new AppError(400, 'validation_error', 'Les parties flowInfo et file sont requises.');
  }
  const infoText = typeof infoPart === 'string' ? infoPart : await infoPart.text();
  let infoJson: unknown;
  try {
    infoJson = JSON.parse(infoText);
  } catch {
    throw new AppError(400, 'validation_error', 'flowInfo n’est pas du JSON.');
  }
  const info = flowInfoSchema.safeParse(infoJson);
  if (!info.success) throw new AppError(400, 'validation_error', 'flowInfo incomplet ou invalide.');
  const content = Buffer.from(await filePart.arrayBuffer());
  if (content.length === 0 || content.length > MAX_FLOW_BYTES) {
    throw new AppError(413, 'validation_error', 'Fichier vide ou trop volumineux (10 Mo au plus).');
  }
  return { info: info.data, content };
}
