import { deflateSync } from 'node:zlib';
import { SUPPLIER_INVOICE_MESSAGES } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ublInvoice, uploadEInvoice } from '../../test/einvoice-samples.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import {
  attributeBomb,
  deepXml,
  doublyDeflatedBomb,
  facturxBomb,
  manyAttachmentsBomb,
  pdfWithAttachments,
  wideXml,
} from '../../test/hostile-files.js';

/**
 * Files made to be small on disk and huge once read, dropped in the inbox: each is refused with a 4xx and
 * a French sentence, read on a thread of its own within limits — the process's memory hardly moves — and
 * the server goes on answering, a true invoice included.
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  ({ token } = await signedInUser(t));
});
afterAll(async () => t.close());

const MIB = 1024 * 1024;
/** A reading thread starts with the first file (pdf.js loads with the first PDF), slowly on a busy machine. */
const SLOW = 120_000;

async function refusedWith(file: Buffer, status: number, errorType: string, message: string) {
  const res = await uploadEInvoice(t, token, file, 'facture.pdf');
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ errorType, message });
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

describe('decompression bombs dropped in the inbox', () => {
  it(
    'a 1 MB Factur-X whose factur-x.xml inflates to 1 GiB: 413, and the memory stays put',
    async () => {
      const bomb = facturxBomb();
      expect(bomb.length).toBeLessThan(2 * MIB);
      const before = process.memoryUsage().rss;
      await refusedWith(bomb, 413, 'decompressed_too_large', SUPPLIER_INVOICE_MESSAGES.inflatedTooLarge);
      // Unbounded, reading it took a replica from 257 MB to 3.3 GB; now it stops at 20 Mo (pdf.js's own
      // memory and the reading thread's start included).
      expect(process.memoryUsage().rss - before).toBeLessThan(300 * MIB);
    },
    SLOW,
  );

  it(
    'the same bomb deflated twice (a chain of filters), and attachments each under the limit: 413',
    async () => {
      const doubly = doublyDeflatedBomb();
      expect(doubly.length).toBeLessThan(100 * 1024);
      await refusedWith(doubly, 413, 'decompressed_too_large', SUPPLIER_INVOICE_MESSAGES.inflatedTooLarge);
      // Five attachments of 15 MiB each: each passes alone, together they pass the document's 40 Mo.
      const many = manyAttachmentsBomb(5, 15 * MIB);
      await refusedWith(many, 413, 'decompressed_too_large', SUPPLIER_INVOICE_MESSAGES.inflatedTooLarge);
    },
    SLOW,
  );

  it('an XML nested deeper than any invoice, or of too many elements: 422 before it is parsed', async () => {
    await refusedWith(deepXml(100), 422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooDeep);
    await refusedWith(
      wideXml(100_001),
      422,
      'einvoice_too_complex',
      SUPPLIER_INVOICE_MESSAGES.tooManyElements,
    );
    // Inside a PDF too: the XML an attachment inflates to is held to the same limits.
    const wrapped = pdfWithAttachments([deflateSync(wideXml(200_000))]);
    await refusedWith(wrapped, 422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooManyElements);
  });

  it(
    'what passes every limit told beforehand but not the memory only ends its reading thread: 422',
    async () => {
      const bomb = attributeBomb(9 * MIB);
      await refusedWith(bomb, 422, 'einvoice_too_complex', SUPPLIER_INVOICE_MESSAGES.tooCostly);
      // The next file gets a new thread, and a true invoice is read as before.
      const res = await uploadEInvoice(t, token, ublInvoice({ numero: 'FA-APRES-BOMBE' }), 'facture.xml');
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ numero: 'FA-APRES-BOMBE' });
    },
    SLOW,
  );
});
