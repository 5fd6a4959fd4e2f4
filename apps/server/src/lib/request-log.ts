import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify's two lines per request (« incoming request », « request completed ») written at debug rather
 * than info: on a terminal thousands of them buried the « ✉ » lines of the e-mails and their links
 * (config.requestLogLevel); LOG_LEVEL=debug shows them again. A request that failed still logs at error.
 */
export class DebugRequestLog extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    if (this.isLogDisabled(request)) return;
    reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug(`Route ${request.raw.method}:${request.raw.url} not found`);
  }
}
