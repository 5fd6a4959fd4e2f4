import { writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { BenchContext } from '../lib/context.js';
import { backendPids, cpuSample, cpuSpent } from '../lib/cpu.js';
import { load } from '../lib/load.js';
import { pgbench, pgbenchScript } from '../lib/replay.js';
import { comparedRow, perSecond, type Row } from '../lib/rows.js';
import { ISSUERS, invoiceBody, type Seeded } from '../lib/seed.js';
import { median } from '../lib/stats.js';

const ROUNDS = 3;
const SECONDS = 5;

/** POST /api/factures by 16 connections, each one issuer of `users` in turn. */
export function creationLoad(base: string, users: Seeded['issuers'], seconds = SECONDS) {
  return load({
    base,
    path: '/api/factures',
    method: 'POST',
    connections: ISSUERS,
    seconds,
    users: users.map((u) => ({ token: u.token, body: invoiceBody(u.clientId) })),
  });
}

const cpuPerCreation = (value: number) =>
  `${value.toLocaleString('fr-FR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ms CPU`;

const uuidArray = (ids: string[]) => `(ARRAY[${ids.map((id) => `'${id}'`).join(', ')}])`;

/**
 * The recorded creation as a pgbench script: pgbench client n plays issuer n (its id and its client's
 * wherever the recorded request had the first issuer's), the new invoice gets a random id and number.
 */
async function creationScript(ctx: BenchContext): Promise<string> {
  const seeded = await ctx.seeded();
  const { creation } = await ctx.captured();
  if (creation.statements.length === 0) throw new Error('aucune requête SQL enregistrée pour la création');
  const pick = (ids: string[]) => `${uuidArray(ids)}[:client_id % ${ids.length} + 1]`;
  const substitute = new Map<string, string>([
    [seeded.issuers[0]!.id, pick(seeded.issuers.map((i) => i.id))],
    [seeded.issuers[0]!.clientId, pick(seeded.issuers.map((i) => i.clientId))],
    [creation.invoiceId, `'00000000-0000-4000-8000-' || lpad(to_hex(:r), 12, '0')`],
  ]);
  if (creation.numero) substitute.set(creation.numero, `'BENCH-' || :r`);
  const db = new pg.Client({ connectionString: (await ctx.database()).url });
  await db.connect();
  try {
    const script = await pgbenchScript(db, creation.statements, substitute, [
      '\\set r random(1, 281474976710655)',
    ]);
    // BENCH_SQL_DIR=… keeps the script, to read what the reference replays.
    const dir = process.env.BENCH_SQL_DIR;
    if (dir) writeFileSync(path.join(dir, 'creation.pgbench.sql'), script);
    return script;
  } finally {
    await db.end();
  }
}

/** CPU per creation during one load: the server's process, and the PostgreSQL backends of its database. */
interface CreationCpu {
  serverMs: number;
  postgresMs: number;
  created: number;
}

/**
 * Runs a 16-issuer load while reading the CPU the server and its database's backends spend (Linux /proc;
 * PostgreSQL on this machine), divided by the invoices the load really created (counted in the table).
 */
async function creationWithCpu(
  ctx: BenchContext,
  issuers: Seeded['issuers'],
): Promise<{ rate: number; tool: string; cpu: CreationCpu }> {
  const server = await ctx.server();
  const database = await ctx.database();
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();
  try {
    const invoices = async () =>
      Number((await db.query<{ n: string }>('select count(*) as n from invoices')).rows[0]?.n ?? 0);
    const createdBefore = await invoices();
    const before = cpuSample([server.pid, ...(await backendPids(db, database.name))]);
    const loaded = await creationLoad(server.base, issuers);
    const after = cpuSample([server.pid, ...(await backendPids(db, database.name))]);
    const created = (await invoices()) - createdBefore;
    const serverMs = (after.get(server.pid) ?? 0) - (before.get(server.pid) ?? 0);
    after.delete(server.pid);
    before.delete(server.pid);
    const postgresMs = cpuSpent(before, after);
    return { rate: loaded.rate, tool: loaded.tool, cpu: { serverMs, postgresMs, created } };
  } finally {
    await db.end();
  }
}

/**
 * 4. Invoice creation over HTTP by 16 issuers at once (wrk, else autocannon; 16 connections) against pgbench
 * replaying the SQL of one creation with 16 clients; and one issuer on the 16 connections against 16
 * issuers. Rounds alternate the three.
 */
export async function creation(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { issuers } = await ctx.seeded();
  const script = await creationScript(ctx);
  const url = (await ctx.database()).url;
  const statements = (await ctx.captured()).creation.statements.length;
  await creationLoad(server.base, issuers, 2); // warm-up: pool connections open, code compiled
  const many: number[] = [];
  const sql: number[] = [];
  const one: number[] = [];
  const serverCpu: number[] = [];
  const postgresCpu: number[] = [];
  const tools = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const loaded = await creationWithCpu(ctx, issuers);
    many.push(loaded.rate);
    tools.add(loaded.tool);
    serverCpu.push(loaded.cpu.serverMs / loaded.cpu.created);
    postgresCpu.push(loaded.cpu.postgresMs / loaded.cpu.created);
    sql.push(await pgbench(url, script, ISSUERS, SECONDS));
    one.push((await creationLoad(server.base, issuers.slice(0, 1))).rate);
  }
  const rounds = `médianes de ${ROUNDS} tours de ${SECONDS} s alternés`;
  const tool = `charge HTTP par ${[...tools].join(', ')}`;
  return [
    comparedRow({
      measure: 'Création de facture en HTTP, 16 émetteurs',
      figure: median(many),
      reference: median(sql),
      format: (v) => perSecond(v, 'req'),
      referenceLabel: 'pgbench',
      goal: { min: 0.6 },
      detail: `pgbench rejoue les ${statements} requêtes SQL d’une création (-c ${ISSUERS} -j 2), une transaction pgbench valant une création; ${tool}; ${rounds}`,
    }),
    comparedRow({
      measure: 'Création : 1 émetteur contre 16 émetteurs',
      figure: median(one),
      reference: median(many),
      format: (v) => perSecond(v, 'req'),
      referenceLabel: '16 émetteurs',
      goal: { min: 0.8 },
      detail: `16 connexions dans les deux cas; ${tool}; ${rounds}`,
    }),
    comparedRow({
      measure: 'Création : CPU du serveur contre CPU de PostgreSQL, par facture',
      figure: median(serverCpu),
      reference: median(postgresCpu),
      format: cpuPerCreation,
      referenceLabel: 'PostgreSQL',
      goal: { max: 1.5 },
      detail: `temps CPU (utilisateur + système, /proc) du processus serveur et des connexions PostgreSQL de sa base pendant la charge à 16 émetteurs, divisé par les factures créées; ${rounds}`,
    }),
  ];
}
