import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { SESSION_SETTINGS } from '../../src/db/postgres.js';
import type { Statement } from './sql-capture.js';

/** Runs the recorded statements again, in order, on one connection: what the request cost PostgreSQL and pg. */
export async function replay(db: pg.Client, statements: Statement[]): Promise<void> {
  for (const s of statements) {
    const values = s.params.map((p) => p);
    if (s.name) await db.query({ name: `bench_${s.name}`, text: s.sql, values });
    else if (values.length > 0) await db.query({ text: s.sql, values });
    else await db.query(s.sql);
  }
}

/** The type PostgreSQL infers for each parameter of a statement (as it did for the server's untyped ones). */
async function parameterTypes(db: pg.Client, sql: string): Promise<string[]> {
  await db.query(`PREPARE bench_probe AS ${sql}`);
  try {
    const { rows } = await db.query<{ types: string[] }>(
      `SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = 'bench_probe'`,
    );
    return rows[0]?.types ?? [];
  } finally {
    await db.query('DEALLOCATE bench_probe');
  }
}

function literal(value: string | Buffer | null, type: string): string {
  if (value === null) return `NULL::${type}`;
  if (Buffer.isBuffer(value)) return `'\\x${value.toString('hex')}'::bytea`;
  return `'${value.replaceAll("'", "''")}'::${type}`;
}

/**
 * A pgbench script replaying the statements with their values written in: `substitute` maps a value the
 * request sent (an issuer's id, the new invoice's id, its number) to a pgbench expression, so that each
 * pgbench client plays another issuer and every insert stays unique, as in the HTTP measure.
 */
export async function pgbenchScript(
  db: pg.Client,
  statements: Statement[],
  substitute: Map<string, string>,
  header: string[],
): Promise<string> {
  const lines = [...header];
  for (const s of statements) {
    const types = s.params.length > 0 ? await parameterTypes(db, s.sql) : [];
    const sql = s.sql
      .trim()
      .replace(/;+$/, '')
      .replace(/\$(\d+)/g, (_, n: string) => {
        const i = Number(n) - 1;
        const value = s.params[i] ?? null;
        const type = types[i] ?? 'text';
        const replaced = typeof value === 'string' ? substitute.get(value) : undefined;
        return replaced !== undefined ? `(${replaced})::${type}` : literal(value, type);
      });
    lines.push(`${sql};`);
  }
  return `${lines.join('\n')}\n`;
}

/** pgbench with that script: transactions per second (initial connections excluded). */
export async function pgbench(
  url: string,
  script: string,
  clients: number,
  seconds: number,
): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'facturo-pgbench-'));
  const file = path.join(dir, 'creation.sql');
  writeFileSync(file, script);
  try {
    const args = ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', String(seconds), url];
    const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
      // The application's session settings (JIT and parallel workers off): the reference runs as the server's SQL does.
      const env = { ...process.env, PGOPTIONS: SESSION_SETTINGS };
      const child = spawn('pgbench', args, { stdio: ['ignore', 'pipe', 'pipe'], env });
      let text = '';
      child.stdout.on('data', (c: Buffer) => {
        text += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        text += c.toString();
      });
      child.once('error', (e) => reject(new Error(`pgbench introuvable ou non lancé : ${e.message}`)));
      child.once('exit', (code) => resolve({ code, text }));
    });
    const tps = output.text.match(/tps = ([\d.]+) \(without initial connection time\)/)?.[1];
    if (output.code !== 0 || !tps)
      throw new Error(`pgbench : ${output.text.trim().split('\n').slice(-3).join(' ')}`);
    return Number(tps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
