import { describe, expect, it } from 'vitest';
import { formatIban } from './payment-values';

describe('formatIban', () => {
  it('groups by 4, upper-cased, whatever the spacing typed', () => {
    expect(formatIban('fr7630006000011234567890189')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban(' FR76 3000-6000 0112 3456 7890 189 ')).toBe('FR76 3000 6000 0112 3456 7890 189');
    expect(formatIban('')).toBe('');
  });
});
