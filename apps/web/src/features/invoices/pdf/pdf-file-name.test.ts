import { describe, expect, it } from 'vitest';
import { pdfFileName } from './pdf-file-name';

describe('pdfFileName', () => {
  it("keeps the server's name", () => {
    expect(pdfFileName('FAC-2026-0001.pdf', 'FAC-2026-0001')).toBe('FAC-2026-0001.pdf');
  });

  it('falls back to the invoice number', () => {
    expect(pdfFileName(null, 'FAC-2026-0042')).toBe('FAC-2026-0042.pdf');
  });
});
