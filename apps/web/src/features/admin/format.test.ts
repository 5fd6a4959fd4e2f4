import { describe, expect, it } from 'vitest';
import { daysLeftBadgeTone, formatCents, formatDays, formatPercent, formatUptime } from './format';

describe('admin formats', () => {
  it('colour days left as SPEC §9 says', () => {
    expect(daysLeftBadgeTone(6)).toBe('emerald');
    expect(daysLeftBadgeTone(5)).toBe('amber');
    expect(daysLeftBadgeTone(2)).toBe('amber');
    expect(daysLeftBadgeTone(1)).toBe('red');
    expect(daysLeftBadgeTone(0)).toBe('red');
  });

  it('write days, money, rates and uptimes in French', () => {
    expect(formatDays(1)).toBe('1 jour');
    expect(formatDays(3)).toBe('3 jours');
    expect(formatCents(1998)).toBe('19,98\u00a0€');
    expect(formatPercent(12.5)).toBe('12,5\u00a0%');
    expect(formatUptime(45)).toBe('45 s');
    expect(formatUptime(7_500)).toBe('2 h 5 min');
    expect(formatUptime(3 * 86_400 + 4 * 3_600)).toBe('3 j 4 h');
  });
});
