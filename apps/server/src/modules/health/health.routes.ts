import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/types.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unavailableSchema = z.object({ errorType: z.literal('internal_error'), message: z.string() });

/**
 * A load balancer gives up on a health check after a few seconds and counts that as a failure
 * anyway; answering 503 before then says the same thing without tying up its connection.
 */
const CHECK_TIMEOUT_MS = 3_000;

/** For load balancers: 200 only when the database answers, 503 (quickly) when it does not. */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { response: { 200: healthSchema, 503: unavailableSchema } } },
      async (_request, reply) => {
        try {
          await withTimeout(database.executeSql('SELECT 1 AS ok', []), CHECK_TIMEOUT_MS);
          return { status: 'ok' as const, database: database.kind };
        } catch (error) {
          // A warning, not an error: the outage is the database's, and every check repeats it.
          reply.log.warn({ err: error }, 'Base de données injoignable');
          return reply
            .code(503)
            .send({ errorType: 'internal_error' as const, message: 'Base de données injoignable.' });
        }
      },
    );
  };
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Pas de réponse de la base en ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
