import { describe, expect, it } from 'vitest';
import { formatUsage, usagePercent, usageTone } from './usage';

describe('usagePercent', () => {
  it('rounds and clamps to 0–100', () => {
    expect(usagePercent(0, 5)).toBe(0);
    expect(usagePercent(2, 5)).toBe(40);
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 5)).toBe(100);
    expect(usagePercent(7, 5)).toBe(100);
  });

  it('reads an unlimited or empty allowance as 0 %', () => {
    expect(usagePercent(12, null)).toBe(0);
    expect(usagePercent(1, 0)).toBe(0);
  });
});

describe('usageTone', () => {
  it('is amber from 80 % and red once the limit is reached', () => {
    expect(usageTone(3, 5)).toBe('normal');
    expect(usageTone(4, 5)).toBe('high');
    expect(usageTone(8, 10)).toBe('high');
    expect(usageTone(5, 5)).toBe('full');
    expect(usageTone(40, null)).toBe('normal');
  });
});

describe('formatUsage', () => {
  it('says used / limit', () => {
    expect(formatUsage(3, 5)).toBe('3 / 5');
    expect(formatUsage(3, null)).toBe('3 / illimité');
  });
});
