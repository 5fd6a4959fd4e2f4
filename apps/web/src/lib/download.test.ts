import { describe, expect, it } from 'vitest';
import { localIsoDate } from './download';

describe('localIsoDate', () => {
  it('writes the local calendar day with two-digit month and day', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05');
    expect(localIsoDate(new Date(2026, 11, 31, 23, 59))).toBe('2026-12-31');
  });
});
