import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/types.js';

const healthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
const unavailableSchema = z.object({ errorType: z.literal('internal_error'), message: z.string() });

/** For load balancers: 200 only when the database answers. */
export function healthRoutes(database: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { schema: { response: { 200: healthSchema, 503: unavailableSchema } } },
      async (_request, reply) => {
        try {
          await database.executeSql('SELECT 1 AS ok', []);
          return { status: 'ok' as const, database: database.kind };
        } catch (error) {
          reply.log.error({ err: error }, 'Base de données injoignable');
          return reply
            .code(503)
            .send({ errorType: 'internal_error' as const, message: 'Base de données injoignable.' });
        }
      },
    );
  };
}
