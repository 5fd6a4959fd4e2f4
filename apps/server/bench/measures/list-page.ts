import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { call } from '../lib/http.js';
import { replay } from '../lib/replay.js';
import { boundedRow, comparedRow, count, kilobytes, ms, type Row } from '../lib/rows.js';
import { LIST_SIZE } from '../lib/seed.js';
import { inRounds, median } from '../lib/stats.js';

const SAMPLES = 20;
const PATH = '/api/factures?limit=50';

/**
 * 1. One page of the list at 10,000 invoices over HTTP (p50 of sequential requests on a kept-alive
 * socket) against the same statements the server sent for it, replayed through `pg` in this process;
 * requests alternate with replays so that any load on the machine hits both alike.
 */
export async function listPage(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { list } = await ctx.seeded();
  const { list: statements } = await ctx.captured();
  if (statements.length === 0) throw new Error('aucune requête SQL enregistrée pour la page');
  // BENCH_SQL_DIR=… keeps what the reference replays.
  const dir = process.env.BENCH_SQL_DIR;
  if (dir) writeFileSync(path.join(dir, 'list-page.json'), JSON.stringify(statements, null, 2));
  const request = { path: PATH, token: list.token };
  const first = await call(server.base, request);
  if (first.status !== 200)
    throw new Error(`GET ${PATH} : ${first.status} ${first.body.toString().slice(0, 200)}`);
  const rows = (JSON.parse(first.body.toString()) as unknown[]).length;
  const db = new pg.Client({ connectionString: (await ctx.database()).url });
  await db.connect();
  try {
    for (let i = 0; i < 3; i++) {
      await call(server.base, request);
      await replay(db, statements);
    }
    const http: number[] = [];
    const sql: number[] = [];
    const samples = await inRounds(
      SAMPLES,
      25_000,
      async () => {
        http.push((await call(server.base, request)).ms);
        const start = performance.now();
        await replay(db, statements);
        sql.push(performance.now() - start);
      },
      5,
    );
    const total = first.headers['x-total-count'];
    const next = first.headers['x-next-cursor'] ? 'curseur suivant présent' : 'pas de curseur suivant';
    return [
      comparedRow({
        measure: `Liste GET /factures?limit=50 à ${count(LIST_SIZE)} factures (p50)`,
        figure: median(http),
        reference: median(sql),
        format: ms,
        referenceLabel: 'SQL brut',
        goal: { max: 3 },
        detail: `${count(rows)} lignes renvoyées, x-total-count ${total ?? 'absent'}, ${next}; ${statements.length} requêtes SQL rejouées par pg; médianes de ${samples} requêtes alternées`,
      }),
      boundedRow('Liste : taille d’une page (JSON)', first.body.length, kilobytes, 100 * 1024),
    ];
  } finally {
    await db.end();
  }
}
