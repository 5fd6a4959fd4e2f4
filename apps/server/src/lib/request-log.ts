import type { FastifyInstance } from 'fastify';

/**
 * The line each request writes, at debug: Fastify's own (« incoming request », « request completed »)
 * are at info, where on a terminal they buried the « ✉ » lines of the e-mails (config.requestLogLevel).
 * Fastify's are turned off in buildApp when this one is installed.
 */
export function installDebugRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        req: { method: request.method, url: request.url },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      'request completed',
    );
  });
}
