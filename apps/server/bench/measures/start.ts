import type { BenchContext } from '../lib/context.js';
import { type Running, startHelloWorld, startServer } from '../lib/processes.js';
import { comparedRow, mebibytes, ms, type Row } from '../lib/rows.js';
import { inRounds, median } from '../lib/stats.js';

const ROUNDS = 5;

async function startAndStop(start: () => Promise<Running>): Promise<{ ms: number; rss: number }> {
  const running = await start();
  try {
    return { ms: running.startMs, rss: running.rss() };
  } finally {
    await running.stop();
  }
}

/**
 * 6. Start of the built server in PostgreSQL mode (spawn → first 200 of /api/health) and its resident
 * memory then, against a Fastify hello-world started the same way; a warm-up of each (the file cache),
 * then alternating rounds. The database is already migrated (by the bench's server).
 */
export async function start(ctx: BenchContext): Promise<Row[]> {
  await ctx.server();
  const url = (await ctx.database()).url;
  const app = () => startServer(url);
  await startAndStop(app);
  await startAndStop(startHelloWorld);
  const server: { ms: number; rss: number }[] = [];
  const hello: { ms: number; rss: number }[] = [];
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
      detail: `VmRSS lu dès la première réponse 200; ${rounds}`,
    }),
  ];
}
