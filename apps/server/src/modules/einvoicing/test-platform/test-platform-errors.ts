/**
 * An answer of the test platform other than success, in the standard's Error shape
 * ({errorCode, errorMessage}, XP Z12-013 components/schemas/Error).
 */
export class PlatformError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    readonly errorMessage: string,
  ) {
    super(errorMessage);
  }

  get body(): { errorCode: string; errorMessage: string } {
    return { errorCode: this.errorCode, errorMessage: this.errorMessage };
  }
}

export const notFound = (what: string) => new PlatformError(404, 'MISSING_RESOURCE', `${what} introuvable.`);
export const badRequest = (message: string) => new PlatformError(400, 'INVALID_REQUEST', message);
