/** A PostgreSQL error code, as PGlite and node-postgres report it (Drizzle wraps it in `cause`). */
function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

export const isUniqueViolation = (error: unknown) => hasSqlState(error, '23505');
/** foreign_key_violation, or restrict_violation for an ON DELETE RESTRICT reference. */
export const isForeignKeyViolation = (error: unknown) =>
  hasSqlState(error, '23503') || hasSqlState(error, '23001');
