import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { withSessionOptions } from '../../src/db/postgres.js';
import type { BenchContext } from '../lib/context.js';
import { type Answer, call } from '../lib/http.js';
import { replay } from '../lib/replay.js';
import { boundedRow, comparedRow, count, kilobytes, ms, type Row } from '../lib/rows.js';
import { LIST_SIZE } from '../lib/seed.js';
import type { Statement } from '../lib/sql-capture.js';
import { inRounds, median } from '../lib/stats.js';

const SAMPLES = 20;
const LIST_PATH = '/api/factures?limit=50';
const TOTALS_PATH = '/api/factures/totaux';

interface AgainstSql {
  first: Answer;
  http: number;
  sql: number;
  samples: number;
}

/**
 * One request over HTTP (p50 of sequential requests on a kept-alive socket) against the statements the
 * server sent for it, replayed through `pg` in this process; requests alternate with replays so that any
 * load on the machine hits both alike.
 */
async function againstItsSql(
  base: string,
  db: pg.Client,
  request: { path: string; token: string },
  statements: Statement[],
): Promise<AgainstSql> {
  if (statements.length === 0) throw new Error(`aucune requête SQL enregistrée pour ${request.path}`);
  const first = await call(base, request);
  if (first.status !== 200)
    throw new Error(`GET ${request.path} : ${first.status} ${first.body.toString().slice(0, 200)}`);
  for (let i = 0; i < 3; i++) {
    await call(base, request);
    await replay(db, statements);
  }
  const http: number[] = [];
  const sql: number[] = [];
  const samples = await inRounds(
    SAMPLES,
    25_000,
    async () => {
      http.push((await call(base, request)).ms);
      const start = performance.now();
      await replay(db, statements);
      sql.push(performance.now() - start);
    },
    5,
  );
  return { first, http: median(http), sql: median(sql), samples };
}

/**
 * 1–3. One page of the list at 10,000 invoices and the list's totals, each against the SQL the server sent
 * for it; the page's size.
 */
export async function listPage(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { list } = await ctx.seeded();
  const captured = await ctx.captured();
  // BENCH_SQL_DIR=… keeps what the references replay.
  const dir = process.env.BENCH_SQL_DIR;
  if (dir) {
    writeFileSync(path.join(dir, 'list-page.json'), JSON.stringify(captured.list, null, 2));
    writeFileSync(path.join(dir, 'list-totals.json'), JSON.stringify(captured.totals, null, 2));
  }
  // With the server's session settings (JIT and parallel workers off), so that both run the same plans.
  const db = new pg.Client(withSessionOptions((await ctx.database()).url));
  await db.connect();
  try {
    const page = await againstItsSql(server.base, db, { path: LIST_PATH, token: list.token }, captured.list);
    const totals = await againstItsSql(
      server.base,
      db,
      { path: TOTALS_PATH, token: list.token },
      captured.totals,
    );
    const rows = (JSON.parse(page.first.body.toString()) as unknown[]).length;
    const total = page.first.headers['x-total-count'];
    const next = page.first.headers['x-next-cursor'] ? 'curseur suivant présent' : 'pas de curseur suivant';
    const figures = JSON.parse(totals.first.body.toString()) as { nombre?: number };
    return [
      comparedRow({
        measure: `Liste GET /factures?limit=50 à ${count(LIST_SIZE)} factures (p50)`,
        figure: page.http,
        reference: page.sql,
        format: ms,
        referenceLabel: 'SQL brut',
        goal: { max: 3 },
        detail: `${count(rows)} lignes renvoyées, x-total-count ${total ?? 'absent'}, ${next}; ${captured.list.length} requêtes SQL rejouées par pg; médianes de ${page.samples} requêtes alternées`,
      }),
      boundedRow('Liste : taille d’une page (JSON)', page.first.body.length, kilobytes, 100 * 1024),
      comparedRow({
        measure: `Totaux GET /factures/totaux à ${count(LIST_SIZE)} factures (p50)`,
        figure: totals.http,
        reference: totals.sql,
        format: ms,
        referenceLabel: 'SQL brut',
        goal: { max: 3 },
        detail: `nombre ${figures.nombre ?? 'absent'}; ${captured.totals.length} requêtes SQL rejouées par pg; médianes de ${totals.samples} requêtes alternées`,
      }),
    ];
  } finally {
    await db.end();
  }
}
