import { describe, expect, it } from 'vitest';
import { epcPayload } from './epc-qr.js';

const transfer = {
  name: 'Zoé Lefèvre EI',
  iban: 'FR7630006000011234567890189',
  bic: 'BNPAFRPP',
  amount: '1331.88',
  reference: 'FAC-2026-0007',
};

describe('EPC069-12 SEPA credit transfer payload', () => {
  it('writes the eleven lines of version 002 in UTF-8', () => {
    expect(epcPayload(transfer).split('\n')).toEqual([
      'BCD',
      '002',
      '1',
      'SCT',
      'BNPAFRPP',
      'Zoé Lefèvre EI',
      'FR7630006000011234567890189',
      'EUR1331.88',
      '',
      '',
      'FAC-2026-0007',
    ]);
  });

  it('leaves the BIC line empty when there is none', () => {
    expect(epcPayload({ ...transfer, bic: '' }).split('\n')[4]).toBe('');
  });

  it('cuts the beneficiary name at 70 characters and keeps it on one line', () => {
    const lines = epcPayload({ ...transfer, name: `Atelier\n${'é'.repeat(80)}` }).split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[5]).toBe(`Atelier ${'é'.repeat(62)}`);
    expect([...(lines[5] ?? '')]).toHaveLength(70);
  });

  it('writes small amounts with two decimals, and none at all outside what a transfer carries', () => {
    expect(epcPayload({ ...transfer, amount: '0.50' }).split('\n')[7]).toBe('EUR0.50');
    expect(epcPayload({ ...transfer, amount: '100.00' }).split('\n')[7]).toBe('EUR100.00');
    expect(epcPayload({ ...transfer, amount: '0.00' }).split('\n')[7]).toBe('');
    expect(epcPayload({ ...transfer, amount: '1000000000.00' }).split('\n')[7]).toBe('');
  });

  it('stays within the 331 bytes the guideline allows', () => {
    const long = epcPayload({ ...transfer, name: 'é'.repeat(70), reference: 'x'.repeat(200) });
    expect(Buffer.byteLength(long, 'utf8')).toBeLessThanOrEqual(331);
  });
});
