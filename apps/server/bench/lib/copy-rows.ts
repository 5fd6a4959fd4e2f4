import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** A value in COPY's text format: NULL as \N, and the four characters the format escapes. */
export function copyText(value: string | null): string {
  if (value === null) return '\\N';
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/**
 * A row of `table` as PostgreSQL wrote it, every column as text: the rows the bench copies take each column
 * from it unless they say otherwise, so a column a migration adds is filled as the server fills it.
 */
export async function templateRow(
  db: pg.Client,
  table: string,
  id: string,
): Promise<Map<string, string | null>> {
  const { rows: columns } = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER'
     ORDER BY ordinal_position`,
    [table],
  );
  const names = columns.map((c) => c.column_name);
  const { rows } = await db.query<Record<string, string | null>>({
    text: `SELECT ${names.map((n) => `"${n}"::text AS "${n}"`).join(', ')} FROM ${table} WHERE id = $1`,
    values: [id],
  });
  const row = rows[0];
  if (!row) throw new Error(`ligne modèle ${id} absente de ${table}`);
  return new Map(names.map((n) => [n, row[n] ?? null]));
}

/** One COPY … FROM STDIN into `table` over `db`, written row by row with the socket's backpressure. */
export class CopyWriter {
  private readonly stream: ReturnType<typeof copyFrom>;
  private readonly done: Promise<unknown>;
  private pending: string[] = [];
  private pendingLength = 0;
  rows = 0;

  private constructor(
    db: pg.Client,
    table: string,
    readonly columns: readonly string[],
  ) {
    this.stream = db.query(copyFrom(`COPY ${table} (${columns.map((c) => `"${c}"`).join(', ')}) FROM STDIN`));
    this.done = once(this.stream, 'finish');
  }

  static open(db: pg.Client, table: string, columns: readonly string[]): CopyWriter {
    return new CopyWriter(db, table, columns);
  }

  /** The row's values in `columns`' order; resolves once the stream can take more. */
  async write(values: readonly (string | null)[]): Promise<void> {
    const line = `${values.map(copyText).join('\t')}\n`;
    this.pending.push(line);
    this.pendingLength += line.length;
    this.rows++;
    // Batched: one socket write per ~256 KB rather than one per row.
    if (this.pendingLength >= 256 * 1024) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.pending.length === 0) return;
    const chunk = this.pending.join('');
    this.pending = [];
    this.pendingLength = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  async end(): Promise<number> {
    await this.flush();
    this.stream.end();
    await this.done;
    return this.rows;
  }
}

/**
 * A template row's values with some columns replaced, in `columns`' order (each replacement names a
 * column the template has: a misspelt one would silently copy the template's value).
 */
export function fromTemplate(
  template: ReadonlyMap<string, string | null>,
  columns: readonly string[],
  replaced: Record<string, string | null>,
): (string | null)[] {
  return columns.map((c) => (c in replaced ? (replaced[c] ?? null) : (template.get(c) ?? null)));
}

export function checkColumns(template: ReadonlyMap<string, string | null>, names: readonly string[]): void {
  const missing = names.filter((n) => !template.has(n));
  if (missing.length > 0) throw new Error(`colonnes absentes du modèle : ${missing.join(', ')}`);
}
