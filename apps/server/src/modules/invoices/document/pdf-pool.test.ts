import type { Client, Invoice } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientBody, signedInUser, uniqueEmail } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { invoiceRow } from '../../../test/invoice-row.js';
import { invoiceDocument } from './invoice-document.js';
import { renderInvoicePdf as renderHere } from './invoice-pdf.js';
import { renderInvoicePdf } from './pdf-pool.js';

/** What changes from one render to the next whatever the thread: timestamps and the file identifier. */
function withoutTimestamps(pdf: Buffer): string {
  return pdf
    .toString('latin1')
    .replace(/D:\d{14}Z/g, 'D:date')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)/g, 'date')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/g, '/ID');
}

describe('renderInvoicePdf on a worker thread', () => {
  it('produces the same document as rendering on the calling thread', async () => {
    const doc = invoiceDocument(invoiceRow({ paidAt: new Date('2026-03-02T10:00:00Z') }));
    const [pooled, direct] = await Promise.all([renderInvoicePdf(doc), renderHere(doc)]);
    expect(Buffer.isBuffer(pooled)).toBe(true);
    expect(withoutTimestamps(pooled)).toBe(withoutTimestamps(direct));
  });
});

describe('a large PDF and the health check, on a listening server', () => {
  let t: TestApp;
  let baseUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await t.close();
  });

  async function invoiceOfLines(token: string, count: number): Promise<Invoice> {
    const client = (
      await t.request({
        method: 'POST',
        url: '/api/clients',
        token,
        body: clientBody({ nom: 'Atelier Lumière', email: uniqueEmail('acheteur') }),
      })
    ).json<Client>();
    const res = await t.request({
      method: 'POST',
      url: '/api/factures',
      token,
      body: {
        client: client._id,
        delaiPaiement: 30,
        lignes: Array.from({ length: count }, (_, i) => ({
          description: `Prestation de conseil n°${i + 1} — atelier « stratégie »`,
          quantite: '1,5',
          prixUnitaire: '123.45',
        })),
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json<Invoice>();
  }

  it('keeps answering /api/health while a 500-line invoice renders', async () => {
    const issuer = await signedInUser(t);
    const invoice = await invoiceOfLines(issuer.token, 500);
    const downloadPdf = async () => {
      const res = await fetch(`${baseUrl}/api/factures/${invoice._id}/pdf`, {
        headers: { authorization: `Bearer ${issuer.token}` },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    // The first render also starts the worker thread; the question is about renders themselves.
    await downloadPdf();

    let pending = true;
    const started = performance.now();
    const download = downloadPdf().finally(() => {
      pending = false;
    });
    const healthWaits: number[] = [];
    let answeredDuringRender = 0;
    while (pending) {
      const asked = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      healthWaits.push(performance.now() - asked);
      if (pending) answeredDuringRender++;
    }
    const pdf = await download;
    const renderTime = performance.now() - started;

    expect(pdf.subarray(0, 8).toString()).toBe('%PDF-1.7');
    // Health checks kept being answered while the PDF was still on its way, none of them made
    // to wait for the render: on the HTTP thread, one would have waited for nearly all of it.
    expect(answeredDuringRender).toBeGreaterThanOrEqual(3);
    expect(Math.max(...healthWaits)).toBeLessThan(renderTime / 2);
  }, 120_000);
});
