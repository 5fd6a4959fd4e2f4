import { describe, expect, it } from 'vitest';
import { estimatedTotalPaidCents } from './admin.js';

const DAY = 86_400_000;
const start = new Date('2026-01-01T10:00:00Z');
const after = (days: number) => new Date(start.getTime() + days * DAY);

describe('estimatedTotalPaidCents (SPEC §9)', () => {
  it('is the price times the 30-day periods since the start, at least one', () => {
    expect(estimatedTotalPaidCents(999, start, start)).toBe(999);
    expect(estimatedTotalPaidCents(999, start, after(30))).toBe(999);
    expect(estimatedTotalPaidCents(999, start, after(31))).toBe(1998);
    expect(estimatedTotalPaidCents(1999, start, after(65))).toBe(5997);
    // A start in the future (a clock drift) still counts the one period paid.
    expect(estimatedTotalPaidCents(999, after(2), start)).toBe(999);
  });
});
