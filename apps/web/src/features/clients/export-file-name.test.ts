import { describe, expect, it } from 'vitest';
import { clientsExportFileName } from './export-file-name';

describe('clientsExportFileName', () => {
  it('names the file after the local day', () => {
    expect(clientsExportFileName(new Date(2026, 2, 9, 8))).toBe('export-clients-rgpd-2026-03-09.json');
  });
});
