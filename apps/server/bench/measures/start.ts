import type { BenchContext } from '../lib/context.js';
import { type Running, startHelloWorld, startServer } from '../lib/processes.js';
import { comparedRow, formatRatio, mebibytes, ms, type Row } from '../lib/rows.js';
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
