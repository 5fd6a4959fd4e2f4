import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteRow } from '../../../test/document-rows.js';
import { signedInUser } from '../../../test/factories.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { pdfPageText, pdfStreams, pdfText } from '../../../test/pdf.js';
import { renderQuotePdf } from './quote-pdf.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('renderQuotePdf', () => {
  it('draws a stored quote on the worker pool, in its issuer’s colour, without Factur-X', async () => {
    const issuer = await signedInUser(t, { couleurAccent: '#0F766E' });
    const pdf = await renderQuotePdf(t.database.db, quoteRow({ issuerId: issuer.user._id }));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfPageText(pdf);
    expect(text).toContain('DEVIS');
    expect(text).toContain('N° DEV-2026-0003');
    expect(text).toContain('Bon pour accord');
    expect(text).toContain('Montant du devis');
    expect(pdfText(pdf)).not.toContain('factur-x.xml');
    // The issuer's accent colour (#0F766E: 15/255, 118/255, 110/255) fills the title.
    const pages = pdfStreams(pdf).map((stream) => stream.toString('latin1'));
    expect(pages.some((page) => /0\.0588\d* 0\.4627\d* 0\.4313\d* (rg|sc)/.test(page))).toBe(true);
  });
});
