import { describe, expect, it } from 'vitest';
import { readPageHeaders } from './api-page';

const headers = (entries: Record<string, string>) => new Headers(entries);

describe('readPageHeaders', () => {
  it('reads the next cursor and the total', () => {
    expect(readPageHeaders(headers({ 'x-next-cursor': 'eyJrIjoxfQ', 'x-total-count': '120' }))).toEqual({
      nextCursor: 'eyJrIjoxfQ',
      total: 120,
    });
  });

  it('has no next page without the cursor header (the last page)', () => {
    expect(readPageHeaders(headers({ 'x-total-count': '3' }))).toEqual({ nextCursor: null, total: 3 });
  });

  it('takes a missing or malformed count as unknown, never as a guess', () => {
    expect(readPageHeaders(headers({})).total).toBeNull();
    expect(readPageHeaders(headers({ 'x-total-count': '' })).total).toBeNull();
    expect(readPageHeaders(headers({ 'x-total-count': '-1' })).total).toBeNull();
    expect(readPageHeaders(headers({ 'x-total-count': '12abc' })).total).toBeNull();
  });
});
