import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runOfficialValidators } from '../../../test/facturx.js';
import { invoiceRow } from '../../../test/invoice-row.js';
import { invoiceDocument } from './invoice-document.js';
import { renderInvoicePdf } from './pdf-pool.js';

/**
 * The PDFs the server hands out come from the worker-thread pool: those very files go through the
 * official validators, in one call (one project only: the script may install Java through apt).
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
    const cases = {
      'en-attente': invoiceRow({}),
      payee: invoiceRow({ paidAt: new Date('2026-03-02T10:00:00Z') }),
      '500-lignes': invoiceRow({ lines: Array.from({ length: 500 }, () => line) }),
    };
    const files: string[] = [];
    for (const [name, row] of Object.entries(cases)) {
      const file = path.join(dir, `${name}.pdf`);
      await writeFile(file, await renderInvoicePdf(invoiceDocument(row)));
      files.push(file);
    }
    const { code, report } = await runOfficialValidators(files);
    expect(report).toContain(`${files.length} passed, 0 failed`);
    expect(code).toBe(0);
  }, 600_000);
});
