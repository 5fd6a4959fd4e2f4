import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BenchContext } from '../lib/context.js';
import { type Running, startEmbeddedServer, startHelloWorld, startServer } from '../lib/processes.js';
import { boundedRow, comparedRow, formatRatio, mebibytes, ms, type Row } from '../lib/rows.js';
import { inRounds, median } from '../lib/stats.js';

const ROUNDS = 5;
/**
 * What a process loads just after its first 200 (work left to run once it answers) escapes the
 * reading then: both memories are read again this long after, and the note gives them, so that a
 * start that only moves memory past the first answer shows.
 */
const SETTLED_AFTER_MS = 1_000;

interface Started {
  ms: number;
  rss: number;
  settledRss: number;
}

async function startAndStop(start: () => Promise<Running>): Promise<Started> {
  const running = await start();
  try {
    const first = { ms: running.startMs, rss: running.rss() };
    await new Promise((resolve) => setTimeout(resolve, SETTLED_AFTER_MS));
    return { ...first, settledRss: running.rss() };
  } finally {
    await running.stop();
  }
}

/**
 * 6. Start of the built server in PostgreSQL mode (spawn → first 200 of /api/health) and its resident
 * memory then, against a Fastify hello-world started the same way; a warm-up of each (the file cache),
 * then alternating rounds. The database is already migrated (by the bench's server). The note adds
 * both memories a second later.
 */
export async function start(ctx: BenchContext): Promise<Row[]> {
  await ctx.server();
  const url = (await ctx.database()).url;
  const app = () => startServer(url);
  await startAndStop(app);
  await startAndStop(startHelloWorld);
  const server: Started[] = [];
  const hello: Started[] = [];
  const done = await inRounds(
    ROUNDS,
    30_000,
    async () => {
      server.push(await startAndStop(app));
      hello.push(await startAndStop(startHelloWorld));
    },
    2,
  );
  const rounds = `médianes de ${done} démarrages alternés`;
  const settledServer = median(server.map((s) => s.settledRss));
  const settledHello = median(hello.map((s) => s.settledRss));
  const settled = `${SETTLED_AFTER_MS / 1000} s plus tard ${mebibytes(settledServer)} contre ${mebibytes(settledHello)} (${formatRatio(settledServer / settledHello)})`;
  return [
    ...(await embeddedStart(hello)),
    comparedRow({
      measure: 'Démarrage (lancement → /api/health 200), mode PostgreSQL',
      figure: median(server.map((s) => s.ms)),
      reference: median(hello.map((s) => s.ms)),
      format: ms,
      referenceLabel: 'Fastify hello-world',
      goal: { max: 2 },
      detail: `node apps/server/dist/main.js, comme npm start; ${rounds}`,
    }),
    comparedRow({
      measure: 'Mémoire (RSS) après le démarrage, mode PostgreSQL',
      figure: median(server.map((s) => s.rss)),
      reference: median(hello.map((s) => s.rss)),
      format: mebibytes,
      referenceLabel: 'Fastify hello-world',
      goal: { max: 1.5 },
      detail: `VmRSS lu dès la première réponse 200, puis ${settled}; ${rounds}`,
    }),
  ];
}

/** The first start on a new data directory may take this long at most (the bound). */
const FIRST_START_BOUND_MS = 5_000;

/**
 * The embedded mode (PGlite): a first start on a new data directory, made from the build's template, bounded
 * in seconds; then warm starts on that directory against the hello-world starts of the same run (`hello`).
 */
async function embeddedStart(hello: Started[]): Promise<Row[]> {
  const first: number[] = [];
  const warm: number[] = [];
  for (let round = 0; round < 3; round++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'facturo-bench-embedded-'));
    try {
      first.push((await startAndStop(() => startEmbeddedServer(dataDir))).ms);
      warm.push((await startAndStop(() => startEmbeddedServer(dataDir))).ms);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const rounds = `médianes de ${first.length} répertoires neufs, chacun redémarré une fois`;
  return [
    boundedRow(
      'Premier démarrage, mode embarqué (PGlite, répertoire neuf)',
      median(first),
      ms,
      FIRST_START_BOUND_MS,
      `node apps/server/dist/main.js sans DATABASE_URL : la base vient du modèle migré de la construction; ${rounds}`,
    ),
    comparedRow({
      measure: 'Démarrage suivant, mode embarqué (PGlite)',
      figure: median(warm),
      reference: median(hello.map((s) => s.ms)),
      format: ms,
      referenceLabel: 'Fastify hello-world',
      goal: { max: 3 },
      detail: `le même répertoire rouvert; ${rounds}`,
    }),
  ];
}
