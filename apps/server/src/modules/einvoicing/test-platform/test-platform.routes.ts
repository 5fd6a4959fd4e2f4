import type { LifecycleCode } from '@facturo/shared';
import { singleLine } from '@facturo/shared';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../lib/errors.js';
import { basicCredentials } from '../afnor/client-secret-basic.js';
import { directoryServiceHandlers } from './directory-service.handlers.js';
import { flowServiceHandlers } from './flow-service.handlers.js';
import { clientOf, issueToken, TEST_TOKEN_SECONDS } from './test-platform-auth.js';
import { authenticateClient } from './test-platform-client.js';
import { PlatformError } from './test-platform-errors.js';
import { FailureSwitch } from './test-platform-failures.js';
import { toFlowWire } from './test-platform-flow-wire.js';
import { TestPlatformFlows } from './test-platform-flows.js';
import { serveService } from './test-platform-service-route.js';
import { announceFlows } from './test-platform-webhooks.js';

/** A flow's file may be a Factur-X PDF: the same ceiling as an upload of one. */
const MAX_FLOW_BYTES = 10 * 1024 * 1024;

// Every text this platform stores or looks up follows the API's text rule (packages/shared text.ts): a
// NUL byte in a client id reached PostgreSQL and answered 500. The secret may come by HTTP Basic instead.
const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: singleLine().min(1).max(200).optional(),
  client_secret: singleLine({ trim: false }).min(1).max(500).optional(),
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
 * The built-in « Plateforme de test », mounted under /api/plateforme-test when
 * config.einvoicing.testPlatformUrl is set: the two AFNOR XP Z12-013 services as their official documents
 * define them (/flow-service/v1/…, /directory-service/v1/…), the OAuth2 token a real PA gives
 * (/oauth/token), and test-control endpoints (/controle/…) to give an invoice a platform status or make
 * the next submissions fail.
 */
export function testPlatformRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const failures = new FailureSwitch();
  const flows = new TestPlatformFlows(ctx);
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
      const basic = basicCredentials(request.headers.authorization);
      const clientId = basic?.id ?? request.body.client_id;
      const secret = basic?.secret ?? request.body.client_secret;
      const client = clientId && secret ? await clientOf(ctx, clientId, secret) : null;
      if (!client?.clientId) {
        // RFC 6749 §5.2 (a real PA's token endpoint), with the standard's fields beside.
        return reply.code(401).send({
          error: 'invalid_client',
          error_description: 'Identifiants inconnus.',
          errorCode: 'INVALID_CLIENT',
          errorMessage: 'Identifiants inconnus.',
        });
      }
      return {
        access_token: issueToken(ctx.config.einvoicing.secretKey, client.clientId, ctx.clock.now()),
        token_type: 'Bearer',
        expires_in: TEST_TOKEN_SECONDS,
      };
    });

    await app.register(async (services) => {
      // Every error of the platform in the standard's shape {errorCode, errorMessage}.
      services.setErrorHandler((error: FastifyError, _request, reply) => {
        if (error instanceof PlatformError) return reply.code(error.status).send(error.body);
        const status =
          typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) ctx.log.error({ err: error }, 'Plateforme de test : erreur');
        return reply.code(status).send({
          errorCode: status === 500 ? 'INTERNAL_ERROR' : 'INVALID_REQUEST',
          errorMessage: status === 500 ? 'Erreur interne de la plateforme de test.' : error.message,
        });
      });

      serveService(services, ctx, 'flow-service', flowServiceHandlers(ctx, failures));
      serveService(services, ctx, 'directory-service', directoryServiceHandlers(ctx));
    });

    const api = app.withTypeProvider<ZodTypeProvider>();
    api.post(
      '/controle/flux/:flowId/statuts',
      { schema: { params: flowParamsSchema, body: statusControlSchema } },
      async (request) => {
        const client = await inAppTerms(authenticateClient(ctx, request.headers.authorization));
        const { code, motifCode, motif } = request.body;
        const made = await inAppTerms(
          flows.addPlatformStatus(client, request.params.flowId, {
            code: code as LifecycleCode,
            ...(motifCode ? { reason: { code: motifCode, text: motif ?? '' } } : {}),
          }),
        );
        announceFlows(ctx, [made]);
        return toFlowWire(made, 'In');
      },
    );

    api.post('/controle/pannes', { schema: { body: failureControlSchema } }, async (request) => {
      const client = await inAppTerms(authenticateClient(ctx, request.headers.authorization));
      failures.plan(client.clientId, request.body.nombre, request.body.moment);
      return { nombre: request.body.nombre, moment: request.body.moment };
    });
  };
}

/** The test controls are this application's own routes: their errors in its terms ({errorType, message}). */
async function inAppTerms<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PlatformError) {
      const errorType =
        error.status === 401 ? 'unauthorized' : error.status === 404 ? 'not_found' : 'validation_error';
      throw new AppError(error.status, errorType, error.errorMessage);
    }
    throw error;
  }
}
