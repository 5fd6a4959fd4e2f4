import { LIST_HEADERS } from '@facturo/shared';
import type { z } from 'zod';
import { apiSend, readJson } from './api';
import { unexpectedResponseError } from './api-error';

/** One page of a paged list (issue 16): its rows, where the next page starts, and how many match in all. */
export interface Page<T> {
  items: T[];
  /** The `x-next-cursor` header: null on the last page. */
  nextCursor: string | null;
  /** The `x-total-count` header; null when the server did not say (the rows are then all there is). */
  total: number | null;
}

/** Reads the two list headers; a missing or malformed count is null rather than a guess. */
export function readPageHeaders(headers: Pick<Headers, 'get'>): Omit<Page<unknown>, 'items'> {
  const cursor = headers.get(LIST_HEADERS.nextCursor);
  const rawTotal = headers.get(LIST_HEADERS.totalCount);
  const total = rawTotal === null || rawTotal.trim() === '' ? Number.NaN : Number(rawTotal);
  return {
    nextCursor: cursor ? cursor : null,
    total: Number.isSafeInteger(total) && total >= 0 ? total : null,
  };
}

/**
 * GET of a paged list: the body (an array, validated with `schema`) and the headers that say how to go
 * on. apiGet would drop the headers, hence this sibling.
 */
export async function apiGetPage<T>(path: string, schema: z.ZodType<T[]>): Promise<Page<T>> {
  const response = await apiSend('GET', path);
  const parsed = schema.safeParse(await readJson(response));
  if (!parsed.success) throw unexpectedResponseError(response.status);
  return { items: parsed.data, ...readPageHeaders(response.headers) };
}
