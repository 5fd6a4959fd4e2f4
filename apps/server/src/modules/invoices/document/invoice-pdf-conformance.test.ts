import { createHash } from 'node:crypto';
import type { Invoice } from '@facturo/shared';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, signedInUser } from '../../../test/factories.js';
import { value } from '../../../test/facturx.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { drawnGlyphIds, embeddedFile, pdfText } from '../../../test/pdf.js';
import { fontData } from './fonts.js';

/** Two PDF/A points pdfkit leaves to us: no .notdef glyph, and a 16-byte checksum of the attachment. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** An invoice written over HTTP with the given line description and free mention, and its PDF. */
async function pdfWith(description = 'Conseil', mentionLibre = ''): Promise<Buffer> {
  const { token } = await signedInUser(t);
  const client = await createClient(t, token);
  const created = await t.request({
    method: 'POST',
    url: '/api/factures',
    token,
    body: {
      client: client._id,
      delaiPaiement: 30,
      lignes: [{ description, quantite: '1', prixUnitaire: '100' }],
      ...(mentionLibre ? { mentionsLegales: { mentionLibre } } : {}),
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const res = await t.request({
    method: 'GET',
    url: `/api/factures/${created.json<Invoice>()._id}/pdf`,
    token,
  });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('text the fonts cannot draw', () => {
  // A line description is one line (no tab); the free mention may hold tabs and line breaks.
  const HARD_TEXT = 'Atelier 🚀 maquette 👩‍👩‍👧 pour 東京 — « été » \ue000';
  const HARD_MENTION = 'Merci\tpour votre confiance 🙏\nRèglement à 東京 ✅';

  it('would be drawn as .notdef by pdfkit itself (the check below sees it)', async () => {
    const pdf = new PDFDocument({ size: 'A4' });
    pdf.registerFont('regular', fontData().regular);
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    const done = new Promise<void>((resolve) => pdf.on('end', resolve));
    pdf.font('regular').text(`${HARD_TEXT}\n${HARD_MENTION}`);
    pdf.end();
    await done;
    expect(drawnGlyphIds(Buffer.concat(chunks))).toContain(0);
  });

  it('never reaches the PDF as .notdef, and stays as written in the XML', async () => {
    const pdf = await pdfWith(HARD_TEXT, HARD_MENTION);
    const glyphs = drawnGlyphIds(pdf);
    expect(glyphs.length).toBeGreaterThan(100);
    expect(glyphs).not.toContain(0);
    const xml = embeddedFile(pdf).toString('utf8');
    expect(value(xml, 'ram:Name')).toBe(HARD_TEXT);
    expect(xml).toContain('<ram:Content>Merci\tpour votre confiance 🙏\nRèglement à 東京 ✅</ram:Content>');
  });
});

describe('the embedded factur-x.xml', () => {
  it('has its /CheckSum written as the 16 bytes of its MD5', async () => {
    const pdf = await pdfWith();
    const raw = pdfText(pdf);
    const dictionary = raw.slice(
      raw.lastIndexOf('<<', raw.indexOf('/Type /EmbeddedFile')),
      raw.indexOf('stream\n', raw.indexOf('/Type /EmbeddedFile')),
    );
    const written = dictionary.match(/\/CheckSum <([0-9a-fA-F]*)>/)?.[1] ?? '';
    expect(Buffer.from(written, 'hex')).toHaveLength(16);
    expect(written).toBe(createHash('md5').update(embeddedFile(pdf)).digest('hex'));
    expect(raw).not.toMatch(/\/CheckSum \(/);
    // The file's cross-reference table still points at each object: the fix kept every offset.
    const xref = raw.slice(raw.lastIndexOf('xref\n'));
    const offsets = [...xref.matchAll(/^(\d{10}) 00000 n /gm)].map((m) => Number(m[1]));
    for (const offset of offsets) expect(raw.slice(offset, offset + 12)).toMatch(/^\d+ 0 obj/);
  });
});
