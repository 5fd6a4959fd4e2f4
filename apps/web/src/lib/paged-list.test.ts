import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Page } from './api-page';
import { flattenPages, listPath, sameListOtherSearch, searchTerm, totalOf } from './paged-list';

const pages = (...list: Page<{ _id: string }>[]): InfiniteData<Page<{ _id: string }>, string | null> => ({
  pages: list,
  pageParams: list.map((_, index) => (index === 0 ? null : `c${index}`)),
});
const rows = (...ids: string[]) => ids.map((_id) => ({ _id }));

describe('listPath', () => {
  it('keeps only the parameters that say something, trimmed and encoded', () => {
    expect(listPath('/clients', {})).toBe('/clients');
    expect(listPath('/clients', { type: null, q: '  ', cursor: undefined })).toBe('/clients');
    expect(listPath('/clients', { type: 'entreprise', q: ' 50% _x ' })).toBe(
      '/clients?type=entreprise&q=50%25+_x',
    );
  });
});

describe('searchTerm', () => {
  it('is blank for no search, trimmed otherwise', () => {
    expect(searchTerm(null)).toBe('');
    expect(searchTerm('   ')).toBe('');
    expect(searchTerm('  Roux ')).toBe('Roux');
  });
});

describe('flattenPages', () => {
  it('puts the pages end to end, in order', () => {
    expect(flattenPages(undefined)).toEqual([]);
    const data = pages(
      { items: rows('a', 'b'), nextCursor: 'c1', total: 3 },
      { items: rows('c'), nextCursor: null, total: 3 },
    );
    expect(flattenPages(data).map((row) => row._id)).toEqual(['a', 'b', 'c']);
  });

  it('keeps a row met on two pages once, where it came first', () => {
    const data = pages(
      { items: rows('a', 'b'), nextCursor: 'c1', total: 3 },
      { items: rows('b', 'c'), nextCursor: null, total: 3 },
    );
    expect(flattenPages(data).map((row) => row._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('totalOf', () => {
  it("is the first page's count, whatever is loaded", () => {
    expect(totalOf(undefined, 0)).toBeUndefined();
    expect(totalOf(pages({ items: rows('a'), nextCursor: 'c1', total: 120 }), 1)).toBe(120);
  });

  it('is the rows received when the server sent no count (a list in one piece)', () => {
    expect(totalOf(pages({ items: rows('a', 'b'), nextCursor: null, total: null }), 2)).toBe(2);
  });
});

describe('sameListOtherSearch', () => {
  const key = ['factures', 'list', 'issued', 'toutes', 'tous', 'Roux'];
  it('is true when only the search (the last part of the key) changed', () => {
    expect(sameListOtherSearch(key, [...key.slice(0, -1), 'Rouxel'])).toBe(true);
  });

  it('is false for another box or filter, or no previous list', () => {
    expect(sameListOtherSearch(undefined, key)).toBe(false);
    expect(sameListOtherSearch(['factures', 'list', 'received', 'toutes', 'tous', 'Roux'], key)).toBe(false);
    expect(sameListOtherSearch(['factures', 'list', 'issued', 'payée', 'tous', 'Roux'], key)).toBe(false);
    expect(sameListOtherSearch(['clients', 'list', 'tous', ''], key)).toBe(false);
  });
});
