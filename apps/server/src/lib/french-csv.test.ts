import { describe, expect, it } from 'vitest';
import { frenchCsv, frenchDay, frenchDecimal } from './french-csv.js';

describe('frenchCsv', () => {
  it('starts with a BOM, separates with ; and quotes what must be', () => {
    const text = frenchCsv(
      ['Client', 'Montant'],
      [
        ['Dupont; fils', frenchDecimal(123456)],
        ['Dit "X"', null],
      ],
    ).toString('utf8');
    expect(text).toBe('\uFEFFClient;Montant\r\n"Dupont; fils";1234,56\r\n"Dit ""X""";\r\n');
  });
  it('writes French decimals and dates', () => {
    expect(frenchDecimal(5)).toBe('0,05');
    expect(frenchDecimal(-105)).toBe('-1,05');
    expect(frenchDecimal(0)).toBe('0,00');
    expect(frenchDay('2026-03-09')).toBe('09/03/2026');
  });
});
