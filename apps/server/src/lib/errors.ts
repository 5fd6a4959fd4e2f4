import type { ApiErrorBody, ErrorType } from '@facturo/shared';
import type { z } from 'zod';

type ErrorDetails = Omit<ApiErrorBody, 'errorType' | 'message'>;

/** The one error the services throw: a stable code, an HTTP status and a French sentence. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly errorType: ErrorType,
    message: string,
    readonly details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  toBody(): ApiErrorBody {
    return { errorType: this.errorType, message: this.message, ...this.details };
  }
}

export const badRequest = (message: string, details?: ErrorDetails) =>
  new AppError(400, 'validation_error', message, details);
export const unauthorized = (message: string) => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string, details?: ErrorDetails) =>
  new AppError(403, 'forbidden', message, details);
export const notFound = (message: string) => new AppError(404, 'not_found', message);

/** For bodies whose schema depends on their content: the same 400 as the route-level validation. */
export function parseOrBadRequest<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw badRequest(messages[0] ?? 'Requête invalide.', { errors: messages });
}
