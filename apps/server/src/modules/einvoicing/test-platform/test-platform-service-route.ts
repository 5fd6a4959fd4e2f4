import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Answer, OperationHandler } from './test-platform-answer.js';
import { authenticateClient } from './test-platform-client.js';
import { answerErrors, type ServiceName, serviceBackend } from './test-platform-contract.js';
import { badRequest, PlatformError } from './test-platform-errors.js';
import { readFlowSubmission } from './test-platform-multipart.js';
import { hostileTextAt } from './test-platform-text.js';

/** Operations any caller may reach, without a token. */
const OPEN = new Set(['getHealth']);

/**
 * Serves one of the two services under `/<service>/…` exactly as its official document defines it: the
 * request is matched to its operation by the document and validated against it (400 otherwise), the
 * caller authenticated by its bearer token, and, in tests, the answer checked against the operation's
 * response of that status (an answer breaking the contract is a 500, so a failing test).
 */
export function serveService(
  scope: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'log'>,
  service: ServiceName,
  handlers: Record<string, OperationHandler>,
): void {
  // Vitest runs with NODE_ENV=test; so may a development server, to check the answers it gives.
  const checkAnswers = process.env.NODE_ENV === 'test';

  const handle = async (request: FastifyRequest): Promise<{ operationId: string | null; answer: Answer }> => {
    const path = `/${(request.params as { '*': string })['*']}`;
    const input = {
      method: request.method,
      path,
      query: request.query as Record<string, string | string[]>,
      headers: request.headers as Record<string, string | string[]>,
      body: request.body,
    };
    const backend = await serviceBackend(service);
    const operation = backend.matchOperation(input);
    if (!operation)
      throw new PlatformError(404, 'MISSING_RESOURCE', `Aucune opération ${request.method} ${path}.`);
    const operationId = operation.operationId ?? '';
    try {
      const client = OPEN.has(operationId)
        ? null
        : await authenticateClient(ctx, request.headers.authorization);
      let file: Buffer | undefined;
      if (operationId === 'createFlow') {
        const submission = await readFlowSubmission(request.headers['content-type'], request.body);
        input.body = submission.fields;
        file = submission.file;
      }
      const hostile = hostileTextAt({ path, query: input.query, body: input.body });
      if (hostile) throw badRequest(`Caractère de contrôle ou invalide dans ${hostile}.`);
      const validation = backend.validateRequest(input, operation);
      if (!validation.valid) throw badRequest(summary(validation.errors));
      const parsed = backend.router.parseRequest(input, operation);
      const handler = handlers[operationId];
      if (!handler) throw new PlatformError(501, 'NOT_IMPLEMENTED', `${operationId} n’est pas servie.`);
      const answer = await handler({
        // Open operations read no client: they are given an empty one.
        client: client ?? { clientId: '', userId: '', siren: null, siret: null },
        params: parsed.params as Record<string, string>,
        query: parsed.query as Record<string, unknown>,
        body: input.body,
        ...(file ? { file } : {}),
      });
      return { operationId, answer };
    } catch (error) {
      return { operationId, answer: errorAnswer(ctx, error) };
    }
  };

  scope.route({
    method: ['GET', 'POST', 'DELETE'],
    url: `/${service}/*`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      let { operationId, answer } = await handle(request).catch((error: unknown) => ({
        operationId: null,
        answer: errorAnswer(ctx, error),
      }));
      if (checkAnswers && operationId && !answer.file) {
        const broken = answerErrors(await serviceBackend(service), operationId, answer.status, answer.body);
        if (broken) {
          ctx.log.error(
            { operationId, status: answer.status, broken },
            'Plateforme de test : réponse hors contrat',
          );
          answer = { status: 500, body: { errorCode: 'CONTRACT_BREACH', errorMessage: broken } };
        }
      }
      if (answer.file) {
        return reply
          .code(answer.status)
          .type(answer.file.contentType)
          .header('content-disposition', `attachment;filename="${headerSafe(answer.file.filename)}"`)
          .send(answer.file.content);
      }
      if (answer.body === undefined) return reply.code(answer.status).send();
      return reply.code(answer.status).type('application/json').send(answer.body);
    },
  });
}

function errorAnswer(ctx: Pick<AppContext, 'log'>, error: unknown): Answer {
  if (error instanceof PlatformError) return { status: error.status, body: error.body };
  ctx.log.error({ err: error }, 'Plateforme de test : erreur');
  return {
    status: 500,
    body: { errorCode: 'INTERNAL_ERROR', errorMessage: 'Erreur interne de la plateforme de test.' },
  };
}

function summary(errors: { instancePath?: string; message?: string }[] | null | undefined): string {
  const first = errors?.slice(0, 3).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim());
  return `Requête non conforme au document : ${first?.join(' ; ') ?? 'invalide'}.`;
}

/** A file name as a header carries it: printable ASCII, without quotes nor backslashes. */
function headerSafe(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}
