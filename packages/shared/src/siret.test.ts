import { describe, expect, it } from 'vitest';
import { formatSiretInput, isValidSiret, normalizeSiret } from './siret.js';

describe('SIRET', () => {
  it('drops spaces and hyphens before checking for exactly 14 digits', () => {
    expect(normalizeSiret(' 123 456-782 00010 ')).toBe('12345678200010');
    expect(isValidSiret('123 456 782 00010')).toBe(true);
    expect(isValidSiret('1234567890001')).toBe(false);
    expect(isValidSiret('123456782000103')).toBe(false);
    expect(isValidSiret('12345678900O12')).toBe(false);
  });

  it('formats typing as 3-3-3-5 groups, at most 17 characters', () => {
    expect(formatSiretInput('1234')).toBe('123 4');
    expect(formatSiretInput('12345678200010')).toBe('123 456 782 00010');
    expect(formatSiretInput('123-456-782-00010-999')).toBe('123 456 782 00010');
    expect(formatSiretInput('abc')).toBe('');
  });
});
