import type { BenchContext } from '../lib/context.js';
import { call } from '../lib/http.js';
import { load } from '../lib/load.js';
import { boundedRow, comparedRow, ms, perSecond, type Row } from '../lib/rows.js';
import { median, quantile } from '../lib/stats.js';
import { creationLoad } from './creation.js';

const ROUNDS = 3;
const SECONDS = 4;

/** Sequential GET /api/health for `seconds`: each answer's time. */
async function probeHealth(base: string, seconds: number): Promise<number[]> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const answer = await call(base, { path: '/api/health' });
    if (answer.status !== 200) throw new Error(`/api/health : ${answer.status}`);
    samples.push(answer.ms);
  }
  return samples;
}

/**
 * 5. Creation (16 issuers) while 2 clients download the PDFs of issued invoices, against creation alone;
 * and /api/health's p99 while the 2 clients download. The PDFs are 20 sent invoices, each downloaded
 * once before the rounds: what a server keeping issued originals serves from storage, and what one
 * that does not renders every time.
 */
export async function creationUnderPdf(ctx: BenchContext): Promise<Row[]> {
  const server = await ctx.server();
  const { issuers, downloads } = await ctx.seeded();
  const paths = downloads.invoiceIds.map((id) => `/api/factures/${id}/pdf`);
  for (const path of paths) {
    const answer = await call(server.base, { path, token: downloads.account.token });
    if (answer.status !== 200) throw new Error(`GET ${path} : ${answer.status}`);
  }
  const pdfLoad = () =>
    load({
      base: server.base,
      path: paths[0]!,
      connections: 2,
      seconds: SECONDS,
      users: [{ token: downloads.account.token }],
      paths,
    });
  await creationLoad(server.base, issuers, 1);
  const alone: number[] = [];
  const loaded: number[] = [];
  const pdfRates: number[] = [];
  const health: number[] = [];
  const tools = new Set<string>();
  for (let round = 0; round < ROUNDS; round++) {
    const solo = await creationLoad(server.base, issuers, SECONDS);
    alone.push(solo.rate);
    tools.add(solo.tool);
    const [created, pdfs] = await Promise.all([creationLoad(server.base, issuers, SECONDS), pdfLoad()]);
    loaded.push(created.rate);
    pdfRates.push(pdfs.rate);
    const [, probes] = await Promise.all([pdfLoad(), probeHealth(server.base, SECONDS)]);
    health.push(...probes);
  }
  return [
    comparedRow({
      measure: 'Création pendant que 2 clients téléchargent des PDF',
      figure: median(loaded),
      reference: median(alone),
      format: (v) => perSecond(v, 'req'),
      referenceLabel: 'création seule',
      goal: { min: 0.7 },
      detail: `${perSecond(median(pdfRates), 'PDF')} servis pendant ce temps; charge HTTP par ${[...tools].join(', ')}; médianes de ${ROUNDS} tours de ${SECONDS} s alternés`,
    }),
    boundedRow(
      '/api/health p99 pendant les téléchargements de PDF',
      quantile(health, 0.99),
      ms,
      50,
      `p50 ${ms(median(health))}, ${health.length} sondes successives`,
    ),
  ];
}
