import { describe, expect, it } from 'vitest';
import { auditChange } from './audit-list';
import { formatDay, formatMonth } from './format';

describe('auditChange', () => {
  it('lists only what changed', () => {
    expect(
      auditChange({
        before: { plan: 'essai', isBanned: false },
        after: { plan: 'premium', isBanned: false },
      }),
    ).toBe('plan : essai → premium');
    expect(auditChange({ before: null, after: { limiteFactures: 20 } })).toBe('limiteFactures : — → 20');
    expect(auditChange({ before: null, after: null })).toBe('');
  });
});

describe('formatMonth and formatDay', () => {
  it('names a month in French', () => {
    expect(formatMonth('2026-11')).toBe('nov. 26');
    expect(formatMonth('oops')).toBe('oops');
    expect(formatDay('2026-11-05')).toBe('5 nov.');
  });
});
