import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { runOfficialValidators } from '../../../test/facturx.js';
import { invoiceRow } from '../../../test/invoice-row.js';
import { type InvoiceDocument, invoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './pdf-pool.js';

/**
 * The PDFs the server hands out come from the worker-thread pool: those very files go through the
 * official validators, in one call (one project only: the script may install Java through apt). The
 * matrix covers the branding too: bank details (payment means 58, with and without BIC), QR code,
 * logos (PNG with transparency, JPEG), accent colour, and text the fonts lack (emoji, tab, CJK).
 */
describe('Factur-X PDFs rendered on the worker pool', () => {
  it('pass the official XSD, EN 16931, Factur-X and BR-FR validators', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'facturo-validators-'));
    const line = {
      description: 'Prestation',
      quantityThousandths: 1000,
      unitPriceCents: 1_250,
      totalCents: 1_250,
    };
    const withIban = (bic: string) =>
      invoiceRow({
        issuerSnapshot: { ...invoiceRow().issuerSnapshot, iban: 'FR7630006000011234567890189', bic },
      });
    // A logo with transparency (PNG, soft mask) and one without (JPEG): the two kinds of image stored.
    const logo = async (format: 'png' | 'jpeg') => {
      const image = sharp({
        create: { width: 600, height: 240, channels: 4, background: { r: 15, g: 118, b: 110, alpha: 0.8 } },
      });
      const { data, info } = await image[format]().toBuffer({ resolveWithObject: true });
      return { data, width: info.width, height: info.height };
    };
    const cases: Record<string, InvoiceDocument> = {
      'en-attente': invoiceDocument(invoiceRow({})),
      payee: invoiceDocument(invoiceRow({ paidAt: new Date('2026-03-02T10:00:00Z') })),
      '500-lignes': invoiceDocument(invoiceRow({ lines: Array.from({ length: 500 }, () => line) })),
      'iban-bic-qr-logo-couleur': {
        ...invoiceDocument(withIban('BNPAFRPP')),
        logo: await logo('png'),
        accentColor: '#0F766E',
      },
      'iban-sans-bic-logo-jpeg-payee': {
        ...invoiceDocument({ ...withIban(''), paidAt: new Date('2026-03-02T10:00:00Z') }),
        logo: await logo('jpeg'),
      },
      'emoji-tabulation-cjk': invoiceDocument(
        invoiceRow({
          objet: 'Refonte 🚀 du site — 東京',
          lines: [{ ...line, description: 'Atelier 👩‍👩‍👧 maquette\ue000 ✅' }],
          mentions: { ...invoiceRow().mentions, mentionLibre: 'Merci\tpour votre confiance 🙏\nÀ bientôt' },
        }),
      ),
    };
    const files: string[] = [];
    for (const [name, doc] of Object.entries(cases)) {
      const file = path.join(dir, `${name}.pdf`);
      await writeFile(file, await renderInvoicePdf(doc));
      files.push(file);
    }
    const { code, report } = await runOfficialValidators(files);
    expect(report).toContain(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  }, 600_000);
});
