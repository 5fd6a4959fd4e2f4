import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { comparedRow, ms, perSecond, type Row, recordRow } from '../lib/rows.js';
import { median } from '../lib/stats.js';

const require = createRequire(import.meta.url);
const DEJAVU = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const ROUNDS = 5;
const ROUND_MS = 1000;

/** The reference: one A4 page, one line of text in one TTF (parsed by pdfkit as for any document). */
function minimalPage(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4' });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font(DEJAVU).fontSize(12).text('Facture FAC-2026-0001 — Atelier Lumière, 5 lignes, 277,77 €');
    doc.end();
  });
}

/** Documents per second, one after the other, for about ROUND_MS. */
async function rate(render: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  let done = 0;
  while (performance.now() - start < ROUND_MS) {
    await render();
    done++;
  }
  return done / ((performance.now() - start) / 1000);
}

/** The shared fixture with `lineCount` lines of 1,5 × 123,45 € (the earlier bench's invoice). */
export async function pdfFixtures() {
  // Imported here, not at the top: when a lane moves these modules only this measure fails.
  const { invoiceRow } = await import('../../src/test/invoice-row.js');
  const { invoiceDocument } = await import('../../src/modules/invoices/document/invoice-document.js');
  const invoice = (lineCount: number) =>
    invoiceDocument(
      invoiceRow({
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
          siret: '55210055400021',
          adresse: { rue: '3 place du Marché', codePostal: '69002', ville: 'Lyon', pays: 'France' },
        },
      }),
    );
  return { typical: invoice(5), long: invoice(200) };
}

async function medianMs(runs: number, task: () => Promise<unknown>): Promise<number> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await task();
    samples.push(performance.now() - start);
  }
  return median(samples);
}

/**
 * 3. The Factur-X PDF of a 5-line invoice rendered in this process, one after the other, against the
 * minimal pdfkit page; rounds alternate. Also the earlier bench's records: 200 lines, the XML alone.
 */
export async function pdfRate(): Promise<Row[]> {
  const { renderInvoicePdf } = await import('../../src/modules/invoices/document/invoice-pdf.js');
  const { buildCiiXml } = await import('../../src/modules/invoices/document/cii-xml.js');
  const { typical, long } = await pdfFixtures();
  for (let i = 0; i < 3; i++) {
    await renderInvoicePdf(typical);
    await minimalPage();
  }
  const invoiceRates: number[] = [];
  const minimalRates: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    invoiceRates.push(await rate(() => renderInvoicePdf(typical)));
    minimalRates.push(await rate(minimalPage));
  }
  const longMs = await medianMs(10, () => renderInvoicePdf(long));
  const xmlMs = await medianMs(50, async () => buildCiiXml(long));
  return [
    comparedRow({
      measure: 'PDF Factur-X, 5 lignes, même processus',
      figure: median(invoiceRates),
      reference: median(minimalRates),
      format: (v) => perSecond(v, 'PDF'),
      referenceLabel: 'page pdfkit minimale',
      goal: { min: 0.7 },
      detail: `médiane de ${ROUNDS} tours d’une seconde alternés`,
    }),
    recordRow('PDF Factur-X, 200 lignes (médiane)', ms(longMs)),
    recordRow('XML CII seul, 200 lignes (médiane)', ms(xmlMs)),
  ];
}
