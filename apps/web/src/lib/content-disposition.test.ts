import { describe, expect, it } from 'vitest';
import { fileNameFromContentDisposition } from './content-disposition';

describe('fileNameFromContentDisposition', () => {
  it('reads the quoted name the API sends', () => {
    expect(fileNameFromContentDisposition('attachment; filename="FAC-2026-0001.pdf"')).toBe(
      'FAC-2026-0001.pdf',
    );
  });

  it('reads an unquoted name, and escaped quotes inside a quoted one', () => {
    expect(fileNameFromContentDisposition('attachment; filename=FAC-2026-0002.pdf; size=10')).toBe(
      'FAC-2026-0002.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="devis \\"final\\".pdf"')).toBe(
      'devis "final".pdf',
    );
  });

  it('prefers the UTF-8 filename* over the plain one', () => {
    expect(
      fileNameFromContentDisposition(
        `attachment; filename="facture.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`,
      ),
    ).toBe('Facture été.pdf');
  });

  it('falls back to the plain name when filename* cannot be read', () => {
    expect(
      fileNameFromContentDisposition(`attachment; filename*=ISO-8859-1''caf%E9.pdf; filename="cafe.pdf"`),
    ).toBe('cafe.pdf');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E9%; filename="cafe.pdf"`)).toBe(
      'cafe.pdf',
    );
  });

  it('keeps only the last part of a name with folders', () => {
    expect(fileNameFromContentDisposition('attachment; filename="../../etc/FAC-2026-0001.pdf"')).toBe(
      'FAC-2026-0001.pdf',
    );
    expect(fileNameFromContentDisposition('attachment; filename="C:\\\\temp\\\\a.pdf"')).toBe('a.pdf');
  });

  it('gives null when there is no usable name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('')).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename="dossier/"')).toBeNull();
  });
});
