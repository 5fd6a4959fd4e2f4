import { describe, expect, it } from 'vitest';
import { exportSummary, invoicesExportFileName } from './export-file-name';

describe('invoicesExportFileName', () => {
  it('names the file by role and local day', () => {
    expect(invoicesExportFileName('professionnel', new Date(2026, 2, 9, 23, 45))).toBe(
      'export-factures-rgpd-professionnel-2026-03-09.json',
    );
    expect(invoicesExportFileName('particulier', new Date(2026, 0, 1))).toBe(
      'export-factures-rgpd-particulier-2026-01-01.json',
    );
  });
});

describe('exportSummary', () => {
  it('counts what was exported and cites the GDPR articles', () => {
    expect(exportSummary({ factures: 3, clients: 1 })).toBe(
      '3 factures et 1 client exportés (Articles 15 & 20 RGPD).',
    );
    expect(exportSummary({ factures: 0, clients: 0 })).toContain('Articles 15 & 20 RGPD');
  });
});
