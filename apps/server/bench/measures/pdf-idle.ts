import { setTimeout as sleep } from 'node:timers/promises';
import { comparedRow, ms, type Row, recordRow } from '../lib/rows.js';
import { median } from '../lib/stats.js';
import { pdfFixtures } from './pdf-rate.js';

/** Renders before the warm samples: a thread's JIT needs some tens of documents to settle. */
const WARM_UP = 30;
/** Warm samples on each side of the idle one, so that the machine's load at that moment hits both alike. */
const WARM_RUNS = 10;

async function timed(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/**
 * The PDF pool's kept thread (pdf-pool.ts), through the server's own pool in this process (its threads
 * run the TypeScript sources under tsx, as the server's do from its bundle): the first PDF once the pool has
 * been idle longer than its idle time, against warm ones (median). Also the pool's very first PDF, which
 * starts the thread: what every PDF after an idle minute cost while the pool kept no thread.
 */
export async function pdfAfterIdle(): Promise<Row[]> {
  const { closePdfPool, PDF_THREAD_IDLE_MS, renderInvoicePdf } = await import(
    '../../src/modules/invoices/document/pdf-pool.js'
  );
  const { typical } = await pdfFixtures();
  const render = () => renderInvoicePdf(typical);
  await closePdfPool();
  try {
    const firstMs = await timed(render);
    for (let i = 0; i < WARM_UP; i++) await render();
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed(render));
    await sleep(PDF_THREAD_IDLE_MS + 1_000);
    const afterIdleMs = await timed(render);
    for (let i = 0; i < WARM_RUNS; i++) warm.push(await timed(render));
    const warmMs = median(warm);
    return [
      comparedRow({
        measure: 'PDF après une minute d’inactivité du pool',
        figure: afterIdleMs,
        reference: warmMs,
        format: ms,
        referenceLabel: 'PDF à chaud',
        goal: { max: 3 },
        detail: `un PDF de 5 lignes, ${Math.round((PDF_THREAD_IDLE_MS + 1_000) / 1000)} s après le précédent; à chaud : médiane de ${2 * WARM_RUNS}, la moitié avant, la moitié après`,
      }),
      recordRow(
        'Premier PDF du pool (démarrage du thread)',
        ms(firstMs),
        `PDF à chaud ${ms(warmMs)}`,
        firstMs / warmMs,
      ),
    ];
  } finally {
    await closePdfPool();
  }
}
