import { type SQL, sql } from 'drizzle-orm';
import type { SqlExecutor, SqlResult, Tx } from './types.js';

/**
 * Runs raw `$1…$n` SQL (pg-boss's) inside a drizzle transaction, on either driver: the text becomes a
 * drizzle `sql` whose placeholders are bound parameters, so a job is written in the caller's
 * transaction and exists only if it commits. A placeholder used twice is bound twice, with the same value.
 */
export function transactionExecutor(tx: Tx): SqlExecutor {
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<SqlResult> {
      // Db is typed over both drivers, so the result's shape is left open; both answer `{ rows }`.
      const result = (await tx.execute(withParams(text, values))) as SqlResult;
      return { rows: result.rows };
    },
  };
}

function withParams(text: string, values: unknown[]): SQL {
  // split() with a capturing group alternates text and placeholder numbers: [text, "1", text, "2", text].
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql.raw(part);
    const index = Number(part) - 1;
    if (index < 0 || index >= values.length) throw new Error(`Paramètre $${part} absent de la requête`);
    return sql`${sql.param(values[index])}`;
  });
  return sql.join(chunks);
}
