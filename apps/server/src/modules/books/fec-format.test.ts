import { describe, expect, it } from 'vitest';
import { fecDescription } from './fec-description.js';
import { auxiliaryAccounts } from './fec-entries.js';
import { FEC_COLUMNS, latin9 } from './fec-format.js';

describe('latin9', () => {
  it('writes French text one byte a character, as ISO 8859-15 reads it back', () => {
    const text = 'Œuvre à 12 € — « l’été » naïve';
    const bytes = latin9(text);
    expect(new TextDecoder('iso-8859-15').decode(bytes)).toBe("Œuvre à 12 € - « l'été » naïve");
    expect([...latin9('€Œœ')]).toEqual([0xa4, 0xbc, 0xbd]);
  });

  it('drops accents Latin-9 lacks and marks anything else « ? »', () => {
    expect(latin9('Łódź Ő 日').toString('latin1')).toBe('?ódz O ?');
  });
});

describe('auxiliaryAccounts', () => {
  it('gives each client a stable number, longer when two would share one', () => {
    const accounts = auxiliaryAccounts([
      { id: 'abcdef01-0000-4000-8000-000000000001', name: 'Un' },
      { id: 'abcdef01-0000-4000-8000-000000000002', name: 'Deux' },
      { id: '12345678-0000-4000-8000-000000000003', name: 'Trois' },
    ]);
    expect(accounts.get('12345678-0000-4000-8000-000000000003')).toEqual({ num: 'C12345678', lib: 'Trois' });
    const nums = [...accounts.values()].map((a) => a.num);
    expect(new Set(nums).size).toBe(3);
    expect(accounts.get('abcdef01-0000-4000-8000-000000000001')?.num).toBe(
      'CABCDEF01000040008000000000000001',
    );
  });
});

describe('fecDescription', () => {
  it('describes every zone, the codes and the technical facts', () => {
    const text = fecDescription('732829320FEC20261231.txt', 2026);
    for (const name of FEC_COLUMNS) expect(text).toContain(`. ${name} : `);
    expect(text).toContain('ISO 8859-15');
    expect(text).toContain('tabulation');
    expect(text).toContain('VT\tVentes');
    expect(text).toContain('4191\tClients - Avances');
    expect(text).toContain('4458\tTaxes sur le chiffre d');
  });
});
