import { describe, expect, it } from 'vitest';
import { daysLeftTone, formatDaysLeft, showsDaysLeftWarning } from './days-left';

describe('daysLeftTone', () => {
  it('follows SPEC §9: > 5 green, 2 to 5 orange, ≤ 1 red', () => {
    expect(daysLeftTone(15)).toBe('green');
    expect(daysLeftTone(6)).toBe('green');
    expect(daysLeftTone(5)).toBe('orange');
    expect(daysLeftTone(2)).toBe('orange');
    expect(daysLeftTone(1)).toBe('red');
    expect(daysLeftTone(0)).toBe('red');
    expect(daysLeftTone(-3)).toBe('red');
  });
});

describe('showsDaysLeftWarning', () => {
  it('warns at 3 days or fewer, never without a count', () => {
    expect(showsDaysLeftWarning(4)).toBe(false);
    expect(showsDaysLeftWarning(3)).toBe(true);
    expect(showsDaysLeftWarning(0)).toBe(true);
    expect(showsDaysLeftWarning(null)).toBe(false);
  });
});

describe('formatDaysLeft', () => {
  it('uses the French singular below 2 and never a negative count', () => {
    expect(formatDaysLeft(0)).toBe('0 jour');
    expect(formatDaysLeft(1)).toBe('1 jour');
    expect(formatDaysLeft(2)).toBe('2 jours');
    expect(formatDaysLeft(-1)).toBe('0 jour');
  });
});
