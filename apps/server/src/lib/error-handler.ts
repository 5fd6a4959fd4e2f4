import { MESSAGES } from '@facturo/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionWaitTimeout } from './db-errors.js';
import { AppError } from './errors.js';
import { ThrottledWarning } from './throttled-warning.js';

/** What a 503 for an overloaded pool asks the client to wait: the burst is usually gone by then. */
const OVERLOADED_RETRY_AFTER_SECONDS = 2;

/** Fastify's own 4xx codes, worded for a French user. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Le corps de la requête n’est pas un JSON valide.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Le corps de la requête est vide.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'La requête est trop volumineuse.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Type de contenu non pris en charge.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Longueur de contenu invalide.',
};

/**
 * Every error leaves as `{errorType, message}` (DESIGN §3): the caller's mistakes as 4xx with a
 * French sentence, no free database connection in time as a 503 with Retry-After, anything else as a
 * bare 500 that is logged with its request id.
 */
export function installErrorHandling(app: FastifyInstance): void {
  // Under a burst every request may hit it: one line a second with the count, not one per request.
  const overloaded = new ThrottledWarning(
    app.log,
    'Pool PostgreSQL saturé : requêtes refusées (503), aucune connexion libre à temps',
  );
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds) reply.header('retry-after', error.details.retryAfterSeconds);
      return reply.code(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => issue.message);
      return reply.code(400).send({
        errorType: 'validation_error',
        message: messages[0] ?? 'Requête invalide.',
        errors: messages,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        errorType: status === 404 ? 'not_found' : 'validation_error',
        message: FRAMEWORK_MESSAGES[error.code] ?? 'Requête invalide.',
      });
    }
    if (isConnectionWaitTimeout(error)) {
      overloaded.record();
      reply.header('retry-after', OVERLOADED_RETRY_AFTER_SECONDS);
      return reply.code(503).send({
        errorType: 'service_overloaded',
        message: MESSAGES.serviceOverloaded,
        retryAfterSeconds: OVERLOADED_RETRY_AFTER_SECONDS,
      });
    }
    request.log.error({ err: error }, 'Erreur interne');
    return reply.code(500).send({ errorType: 'internal_error', message: MESSAGES.internal });
  });
}
