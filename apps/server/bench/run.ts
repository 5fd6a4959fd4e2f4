/**
 * `npm run bench`: speed of the invoice document and of the e-mail queue, measured outside the test
 * suite (tests never time). Prints PDFs per second for a typical invoice, the time for a 200-line
 * one, and e-mails delivered per minute through the queue.
 */
import { performance } from 'node:perf_hooks';
import { buildCiiXml } from '../src/modules/invoices/document/cii-xml.js';
import { invoiceDocument } from '../src/modules/invoices/document/invoice-document.js';
import { renderInvoicePdf } from '../src/modules/invoices/document/invoice-pdf.js';
import { invoiceRow } from '../src/test/invoice-row.js';
import { benchMailQueue } from './mail-queue.js';

/** The shared fixture with `lineCount` lines of 1,5 × 123,45 €. */
function invoice(lineCount: number) {
  return invoiceRow({
    lines: Array.from({ length: lineCount }, (_, i) => ({
      description: `Prestation de conseil n°${i + 1} — atelier « stratégie »`,
      quantityThousandths: 1500,
      unitPriceCents: 12_345,
      totalCents: 18_518,
    })),
    clientSnapshot: {
      nom: 'Atelier Lumière',
      email: 'compta@atelier.fr',
      telephone: '',
      siret: '55210055400025',
      adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon', pays: 'France' },
    },
  });
}

async function timeIt(label: string, runs: number, task: () => Promise<unknown>): Promise<number[]> {
  await task(); // warm-up: fonts loaded, code compiled
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const median = samples[Math.floor(samples.length / 2)] ?? 0;
  console.log(
    `${label}: médiane ${median.toFixed(1)} ms, min ${samples[0]?.toFixed(1)} ms, max ${samples.at(-1)?.toFixed(1)} ms (${runs} essais)`,
  );
  return samples;
}

const typical = invoiceDocument(invoice(5));
const long = invoiceDocument(invoice(200));

const typicalSamples = await timeIt('PDF Factur-X, 5 lignes', 40, () => renderInvoicePdf(typical));
const totalMs = typicalSamples.reduce((sum, ms) => sum + ms, 0);
console.log(`→ ${(typicalSamples.length / (totalMs / 1000)).toFixed(1)} PDF par seconde (un cœur)`);
await timeIt('PDF Factur-X, 200 lignes', 10, () => renderInvoicePdf(long));
await timeIt('XML CII seul, 200 lignes', 50, async () => buildCiiXml(long));
const memory = process.memoryUsage();
console.log(
  `Mémoire : rss ${(memory.rss / 2 ** 20).toFixed(0)} Mio, tas ${(memory.heapUsed / 2 ** 20).toFixed(0)} Mio`,
);

await benchMailQueue();
