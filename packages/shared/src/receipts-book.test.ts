import { describe, expect, it } from 'vitest';
import { BOOK_MESSAGES, fecQuerySchema, receiptsBookQuerySchema } from './receipts-book.js';

describe('receiptsBookQuerySchema', () => {
  it('defaults to JSON and lets the server fill a missing date', () => {
    expect(receiptsBookQuerySchema.parse({})).toEqual({ format: 'json' });
    expect(receiptsBookQuerySchema.parse({ debut: '2026-01-01', format: 'csv' })).toEqual({
      debut: '2026-01-01',
      format: 'csv',
    });
  });

  it('refuses a start after the end in French', () => {
    const result = receiptsBookQuerySchema.safeParse({ debut: '2026-02-01', fin: '2026-01-31' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(BOOK_MESSAGES.order);
  });
});

describe('fecQuerySchema', () => {
  it('reads the year from the query string', () => {
    expect(fecQuerySchema.parse({ annee: '2026' })).toEqual({ annee: 2026 });
    expect(fecQuerySchema.safeParse({ annee: '26' }).error?.issues[0]?.message).toBe(BOOK_MESSAGES.year);
  });
});
