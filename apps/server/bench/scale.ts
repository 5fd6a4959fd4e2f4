/**
 * `npm run bench -- --scale`: the professional's everyday requests at 1,000,000 invoices (10,000
 * professionals) against the same requests at 10,000 invoices, in one run. Two databases on the bench's
 * PostgreSQL server, each with the built server in front; the measured professional has the same 2,000
 * invoices in both (its own seeded generator), so only the rows around it differ. Writes its table to
 * docs/PERFORMANCE.md between its own marks, leaving the rest of the file as it is.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ensureBuilt } from './lib/build.js';
import { type BenchDatabase, createBenchDatabase, postgresVersion } from './lib/database.js';
import { type Running, startServer } from './lib/processes.js';
import { machine, printTable } from './lib/report.js';
import { count } from './lib/rows.js';
import { shapeOf } from './lib/scale-plan.js';
import { writeScaleReport } from './lib/scale-report.js';
import { seedScale } from './lib/scale-seed.js';
import { type Side, scaleRequests } from './measures/scale-requests.js';

/** BENCH_SCALE_INVOICES=200000 tries the run on a smaller large side (then the report is not written). */
const LARGE = Number(process.env.BENCH_SCALE_INVOICES ?? 1_000_000);
const SMALL = 10_000;
/** BENCH_SCALE_KEEP=1 leaves both databases (their URLs printed) to look at their plans afterwards. */
const KEEP = process.env.BENCH_SCALE_KEEP === '1';

export async function runScale(serverUrl: string): Promise<number> {
  const started = new Date();
  const loadAtStart = os.loadavg()[0]!;
  const t0 = performance.now();
  ensureBuilt();
  const closers: (() => Promise<unknown>)[] = [];
  try {
    const sides: Side[] = [];
    const seeding: string[] = [];
    for (const invoices of [SMALL, LARGE]) {
      const database: BenchDatabase = await createBenchDatabase(serverUrl);
      if (KEEP) console.log(`  base gardée : ${database.url}`);
      else closers.unshift(() => database.drop());
      const server: Running = await startServer(database.url);
      closers.unshift(() => server.stop());
      const shape = shapeOf(invoices);
      console.log(
        `Écriture de ${count(shape.invoices)} factures sur ${count(shape.professionals)} professionnels…`,
      );
      const seeded = await seedScale(database.url, server.base, shape);
      const line = `${count(seeded.invoices)} factures (avoirs compris), ${count(seeded.payments)} paiements, ${count(seeded.clients)} clients, ${count(seeded.professionals)} professionnels : écrits en ${seeded.seconds.toFixed(0)} s`;
      console.log(`  ${line}`);
      seeding.push(line);
      sides.push({ label: `${count(invoices)} factures`, base: server.base, seeded });
    }
    const rows = await scaleRequests(sides[0]!, sides[1]!);
    printTable(rows);
    if (LARGE !== 1_000_000) {
      console.log('\nBENCH_SCALE_INVOICES : docs/PERFORMANCE.md non modifié.');
    } else {
      const postgres = await postgresVersion(serverUrl).catch(() => 'inconnue');
      const file = writeScaleReport(
        rows,
        machine(postgres, loadAtStart),
        started,
        (performance.now() - t0) / 1000,
        seeding,
      );
      console.log(`\nRésultats écrits dans ${file}`);
    }
    return 0;
  } finally {
    for (const close of closers) await close().catch(() => {});
  }
}
