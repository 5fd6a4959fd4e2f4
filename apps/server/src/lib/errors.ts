import type { ApiErrorBody, ErrorType } from '@facturo/shared';

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
