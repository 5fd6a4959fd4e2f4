import { describe, expect, it } from 'vitest';
import { parisDay } from './paris-day.js';

describe('parisDay', () => {
  it('is the calendar day in Paris, winter and summer time alike', () => {
    expect(parisDay(new Date('2026-01-05T10:00:00Z'))).toBe('2026-01-05');
    expect(parisDay(new Date('2026-12-31T22:59:59Z'))).toBe('2026-12-31');
    expect(parisDay(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    expect(parisDay(new Date('2026-07-14T21:59:59Z'))).toBe('2026-07-14');
    expect(parisDay(new Date('2026-07-14T22:00:00Z'))).toBe('2026-07-15');
  });
});
