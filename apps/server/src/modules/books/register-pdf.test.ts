import { describe, expect, it } from 'vitest';
import { drawnGlyphIds, pdfPageText } from '../../test/pdf.js';
import { renderRegisterPdf } from '../invoices/document/pdf-pool.js';

describe('register PDF', () => {
  it('prints the title, the groups with their totals, and runs over several pages', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`0${(i % 9) + 1}/03/2026`, `Client ${i}`, `${i},00`]);
    const pdf = await renderRegisterPdf({
      title: 'Livre des recettes',
      subtitle: ['Jeanne Martin — SIRET 123 456 782 00010'],
      columns: [
        { label: 'Date', width: 0.2 },
        { label: 'Client', width: 0.5 },
        { label: 'Montant', width: 0.3, align: 'right' },
      ],
      groups: [{ heading: 'Mars 2026', rows, total: ['Total mars 2026', '', '7 140,00'] }],
      grandTotal: ['Total', '', '7 140,00'],
      emptyText: 'Aucune recette sur la période.',
    });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfPageText(pdf);
    expect(text).toContain('Livre des recettes');
    expect(text).toContain('Client 119');
    expect(text).toContain('Total mars 2026');
    expect(text).toMatch(/page 1 \/ [2-9]/);
  });

  it('draws the users’ text as invoices do: no emoji or control character reaches the PDF as .notdef', async () => {
    const pdf = await renderRegisterPdf({
      title: 'Registre des achats',
      subtitle: [],
      columns: [
        { label: 'Fournisseur', width: 0.6 },
        { label: 'Montant', width: 0.4, align: 'right' },
      ],
      groups: [
        { heading: 'Mars 2026', rows: [['Café 🦄 du\u0007 coin 東京', '12,00']], total: ['Total', '12,00'] },
      ],
      emptyText: '',
    });
    expect(drawnGlyphIds(pdf)).not.toContain(0);
    expect(pdfPageText(pdf)).toContain('Café');
  });
});
