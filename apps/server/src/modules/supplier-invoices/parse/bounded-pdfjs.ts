import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { EINVOICE_INFLATED_MAX_BYTES } from '@facturo/shared';

/**
 * pdf.js with a hard limit on what it inflates. A stream of a PDF says nothing true of its inflated size
 * (1 MB of deflate makes 1 GB), and pdf.js grows each decoded stream's buffer until the data ends: a
 * Factur-X whose attachment inflated to 1 GB took a replica past 3 GB. Every decoder of pdf.js (Flate,
 * LZW, run-length, predictors, chains of them, encrypted or not) grows its output through one method,
 * `DecodeStream.ensureBuffer`: its module is loaded here with a call to `decodeBudget` at the top of that
 * method, which throws as soon as a stream would pass the limit — before the memory is taken, never
 * inflating first and measuring after. pdf.js runs its « worker » on the calling thread in Node and takes
 * this module from `globalThis.pdfjsWorker` when set.
 *
 * Runs on the e-invoice worker threads only (einvoice-worker.ts): the guard's budget is per thread.
 */

/** The line of pdf.js the guard goes after; a pdf.js that no longer has it is refused at load. */
const GROWTH = '  ensureBuffer(requested) {\n    const buffer = this.buffer;\n';
const GUARD = '    globalThis.facturoDecodeBudget(this, requested);\n';

/** What one document may inflate in all (each stream alone: EINVOICE_INFLATED_MAX_BYTES). */
const DOCUMENT_INFLATED_MAX_BYTES = 2 * EINVOICE_INFLATED_MAX_BYTES;

export class InflatedTooLarge extends Error {}

declare global {
  var facturoDecodeBudget: ((stream: object, requested: number) => void) | undefined;
  var pdfjsWorker: unknown;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loaded: Promise<PdfJs> | undefined;

/** pdf.js, its decoders bounded; loaded once per thread, at its first PDF. */
export function boundedPdfJs(): Promise<PdfJs> {
  loaded ??= load();
  return loaded;
}

async function load(): Promise<PdfJs> {
  const require = createRequire(import.meta.url);
  const source = await readFile(require.resolve('pdfjs-dist/legacy/build/pdf.worker.mjs'), 'utf8');
  if (!source.includes(GROWTH)) {
    throw new Error(
      'pdfjs-dist a changé : DecodeStream.ensureBuffer introuvable, la limite ne peut être posée',
    );
  }
  // Its source map is named relative to its file, which a data: URL does not have (and Node, source maps
  // on, fails to resolve it): the map goes.
  const bounded = source.replace(GROWTH, GROWTH + GUARD).replace(/\/\/# sourceMappingURL=\S*\s*$/, '');
  globalThis.facturoDecodeBudget = () => {
    throw new InflatedTooLarge('no document is being read');
  };
  globalThis.pdfjsWorker = await import(
    `data:text/javascript;base64,${Buffer.from(bounded).toString('base64')}`
  );
  return import('pdfjs-dist/legacy/build/pdf.mjs');
}

/**
 * Runs `read` (pdf.js reading one document) with the inflate budget armed: a stream growing past
 * EINVOICE_INFLATED_MAX_BYTES, or the document's streams together past twice that, stop the reading with
 * InflatedTooLarge — whatever pdf.js made of the error on its way out (it wraps and sometimes swallows them).
 */
export async function withinInflateBudget<T>(read: () => Promise<T>): Promise<T> {
  // What each stream asked for so far: the document's total is their sum.
  const asked = new WeakMap<object, number>();
  let inflated = 0;
  let exceeded = false;
  globalThis.facturoDecodeBudget = (stream, requested) => {
    const before = asked.get(stream) ?? 0;
    if (requested <= before) return;
    asked.set(stream, requested);
    inflated += requested - before;
    if (requested > EINVOICE_INFLATED_MAX_BYTES || inflated > DOCUMENT_INFLATED_MAX_BYTES) {
      exceeded = true;
      throw new InflatedTooLarge('inflated size past its limit');
    }
  };
  try {
    const result = await read();
    if (exceeded) throw new InflatedTooLarge('inflated size past its limit');
    return result;
  } catch (error) {
    throw exceeded ? new InflatedTooLarge('inflated size past its limit') : error;
  } finally {
    globalThis.facturoDecodeBudget = () => {
      throw new InflatedTooLarge('no document is being read');
    };
  }
}
