import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryKey,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGetPage, type Page } from './api-page';

/*
 * Issue 16: every list is read a page at a time (keyset pages of 50, newest first), the next page asked
 * with the cursor the previous one gave. These helpers are the web side of that contract.
 */

/** Query parameters of a list call; null, undefined and blank values are left out of the URL. */
export type ListParams = Record<string, string | null | undefined>;

/** `base?k=v…` with only the parameters that say something, in the order given (stable query keys and URLs). */
export function listPath(base: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = value?.trim();
    if (text) query.set(key, text);
  }
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** What the search box sends: surrounding blanks mean nothing, and a blank search is no search. */
export function searchTerm(raw: string | null | undefined): string {
  return raw?.trim() ?? '';
}

/**
 * The pages loaded so far, as one list. A row met twice (a write moved it between two page reads) is
 * kept once, where it came first.
 */
export function flattenPages<T extends { _id: string }>(data: InfiniteData<Page<T>> | undefined): T[] {
  if (!data) return [];
  const seen = new Set<string>();
  const rows: T[] = [];
  for (const page of data.pages) {
    for (const row of page.items) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      rows.push(row);
    }
  }
  return rows;
}

/**
 * How many rows match in all: the first page's `x-total-count`, or, from a server that does not page
 * (no header), the rows it sent.
 */
export function totalOf<T>(data: InfiniteData<Page<T>> | undefined, loaded: number): number | undefined {
  const first = data?.pages[0];
  if (!first) return undefined;
  return first.total ?? loaded;
}

/**
 * Infinite query options of one list: `path(cursor)` builds the URL of a page (the first has no
 * cursor); the next page starts at the previous page's `x-next-cursor`, none after the last.
 */
export function pagedListQueryOptions<T>({
  queryKey,
  path,
  schema,
}: {
  queryKey: QueryKey;
  path: (cursor: string | null) => string;
  schema: z.ZodType<T[]>;
}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => apiGetPage(path(pageParam), schema),
    initialPageParam: null as string | null,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
  });
}

/**
 * Whether two list keys differ by the search alone: the search is the last part of every list key, so
 * the rows of the previous search may stay on screen while the next one loads (never those of another
 * box or filter, which would be wrong rows).
 */
export function sameListOtherSearch(previous: QueryKey | undefined, next: QueryKey): boolean {
  if (!previous || previous.length !== next.length) return false;
  return previous.slice(0, -1).every((part, index) => part === next[index]);
}

/**
 * A paged list for a screen: the query (for its loading and error states), its rows and its count.
 * While a new search loads, the previous search's rows stay (no « Chargement » flash at each word).
 */
export function usePagedList<T extends { _id: string }>(
  options: ReturnType<typeof pagedListQueryOptions<T>>,
  enabled = true,
) {
  const query = useInfiniteQuery({
    ...options,
    enabled,
    placeholderData: (previous, previousQuery) =>
      sameListOtherSearch(previousQuery?.queryKey, options.queryKey) ? previous : undefined,
  });
  const items = flattenPages(query.data);
  return {
    query,
    items,
    total: totalOf(query.data, items.length),
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => {
      // One page at a time: the scroll and the button may both ask while a page is on its way.
      if (query.hasNextPage && !query.isFetchingNextPage) void query.fetchNextPage();
    },
  };
}
export type PagedList<T extends { _id: string }> = ReturnType<typeof usePagedList<T>>;
