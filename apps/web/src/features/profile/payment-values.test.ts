import { describe, expect, it } from 'vitest';
import { electronicIban, formatIban, normalizeBic } from './payment-values';

describe('IBAN display', () => {
  it('groups by 4, upper-cased, whatever the spacing typed', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban(' FR76 3000-6000 0112 3456 7890 189 ')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('')).toBe('');
  });

  it('sends it without spaces', () => {
    expect(electronicIban('FR76 3000 6000 0112 3456 7890 189')).toBe('FR7630006000011234567890189');
  });
});

describe('normalizeBic', () => {
  it('drops spaces and upper-cases', () => {
    expect(normalizeBic(' bnpa fr pp xxx')).toBe('BNPAFRPPXXX');
  });
});
