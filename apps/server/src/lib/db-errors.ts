/** A PostgreSQL error code, as PGlite and node-postgres report it (Drizzle wraps it in `cause`). */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');

/** A unique violation of this one index (both drivers name it in `constraint`). */
export function isUniqueViolationOf(error: unknown, index: string): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === index;
  }
  return false;
}
/** foreign_key_violation, or restrict_violation for an ON DELETE RESTRICT reference. */
export const isForeignKeyViolation = (error: unknown) =>
  hasSqlState(error, '23503') || hasSqlState(error, '23001');

/**
 * node-postgres gave up waiting for a connection: every pooled one stayed busy past the pool's timeout
 * (a burst), or a new one could not be opened in that time (an unreachable database). Not the request's
 * fault, nor a bug: the service is overloaded for a moment. pg-pool says so only in its messages.
 */
export function isConnectionWaitTimeout(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (
      e.message === 'timeout exceeded when trying to connect' ||
      e.message === 'Connection terminated due to connection timeout'
    ) {
      return true;
    }
  }
  return false;
}
