/**
 * `npm run bench`: every measure of issue 16 against its reference in the same run, printed as one
 * table (figure, reference, ratio, goal, met) and written to docs/PERFORMANCE.md with the machine and
 * the date. Needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server: the bench creates its
 * own database there and drops it) and the built app (built first when missing or stale). Each measure
 * fails alone: its row says « erreur » and why, and the others run (the exit code is then 1; a goal not
 * met is a finding, not a failure). Never part of `npm test`.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { BenchContext } from './lib/context.js';
import { postgresVersion, serverUrlFromEnv } from './lib/database.js';
import { machine, printTable, writeReport } from './lib/report.js';
import { errorRow, type Row } from './lib/rows.js';
import { benchMailQueue } from './mail-queue.js';
import { browserList } from './measures/browser-list.js';
import { creation } from './measures/creation.js';
import { firstPaint } from './measures/first-paint.js';
import { landing } from './measures/landing.js';
import { listPage } from './measures/list-page.js';
import { pdfAfterIdle } from './measures/pdf-idle.js';
import { creationUnderPdf } from './measures/pdf-load.js';
import { pdfRate } from './measures/pdf-rate.js';
import { start } from './measures/start.js';

interface Measure {
  title: string;
  run(ctx: BenchContext): Promise<Row[]>;
}

const MEASURES: Measure[] = [
  { title: 'Page de liste à 10 000 factures', run: listPage },
  { title: '/factures dans le navigateur à 10 000 factures', run: browserList },
  { title: 'Débit de PDF', run: pdfRate },
  { title: 'Création de factures', run: creation },
  { title: 'Création pendant des téléchargements de PDF', run: creationUnderPdf },
  { title: 'Démarrage et mémoire', run: start },
  { title: 'Premier affichage de /factures', run: firstPaint },
  { title: 'JavaScript de la page d’accueil', run: landing },
  {
    title: 'File d’e-mails',
    run: async (ctx) => benchMailQueue((await ctx.database().catch(() => undefined))?.url),
  },
  { title: 'PDF après une minute d’inactivité', run: pdfAfterIdle },
];

/** BENCH_ONLY=1,4 runs those measures alone (while working on one): the table is printed, not recorded. */
const only = process.env.BENCH_ONLY?.split(',').map(Number);
const chosen = MEASURES.map((measure, i) => ({ ...measure, number: i + 1 })).filter(
  (m) => !only || only.includes(m.number),
);

const serverUrl = serverUrlFromEnv();
// `npm run bench -- --scale`: the million-invoice comparison instead (bench/scale.ts).
if (process.argv.includes('--scale')) {
  if (!serverUrl) throw new Error('ni BENCH_DATABASE_URL ni TEST_DATABASE_URL : pas de PostgreSQL');
  const { runScale } = await import('./scale.js');
  process.exit(await runScale(serverUrl));
}
const started = new Date();
const loadAtStart = os.loadavg()[0]!;
const t0 = performance.now();
const ctx = new BenchContext(serverUrl);
const rows: Row[] = [];
try {
  for (const measure of chosen) {
    const t = performance.now();
    console.log(`[${measure.number}/${MEASURES.length}] ${measure.title}…`);
    try {
      rows.push(...(await measure.run(ctx)));
      console.log(`  fait en ${((performance.now() - t) / 1000).toFixed(0)} s`);
    } catch (error) {
      const row = errorRow(measure.title, error);
      rows.push(row);
      console.log(`  erreur : ${row.error}`);
    }
  }
} finally {
  await ctx.close();
}
printTable(rows);
if (only) {
  console.log('\nBENCH_ONLY : mesures choisies seulement, docs/PERFORMANCE.md non modifié.');
} else {
  const postgres = serverUrl ? await postgresVersion(serverUrl).catch(() => 'inconnue') : 'absent';
  const file = writeReport(rows, machine(postgres, loadAtStart), started, (performance.now() - t0) / 1000);
  console.log(`\nRésultats écrits dans ${file}`);
}
// A goal not met is a finding, recorded above; a measure that could not run is a broken bench.
const failed = rows.filter((row) => row.error).length;
if (failed > 0) console.error(`${failed} mesure(s) en erreur.`);
process.exit(failed > 0 ? 1 : 0);
