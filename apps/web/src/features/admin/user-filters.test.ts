import { describe, expect, it } from 'vitest';
import {
  EMPTY_FILTERS,
  pageCount,
  rangeLabel,
  USERS_PAGE_SIZE,
  usersQueryFor,
  usersSearchParams,
} from './user-filters';

describe('user filters', () => {
  it('leave out the empty choices and turn the page into an offset', () => {
    expect(usersQueryFor(EMPTY_FILTERS)).toEqual({ limit: USERS_PAGE_SIZE, offset: 0 });
    expect(
      usersQueryFor({ q: '  dupont ', role: 'particulier', plan: 'essai', statut: 'banni', page: 2 }),
    ).toEqual({
      q: 'dupont',
      role: 'particulier',
      plan: 'essai',
      statut: 'banni',
      limit: USERS_PAGE_SIZE,
      offset: 40,
    });
  });

  it('write the query string the API reads', () => {
    expect(usersSearchParams({ q: 'a b', limit: 20, offset: 0 }).toString()).toBe('q=a+b&limit=20&offset=0');
  });

  it('count pages and say which rows are shown', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(USERS_PAGE_SIZE + 1)).toBe(2);
    expect(rangeLabel(1, 5, 25)).toBe('21–25 sur 25');
    expect(rangeLabel(0, 0, 0)).toBe('0 sur 0');
  });
});
