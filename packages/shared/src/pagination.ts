import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * Issue 16: every list is read a page at a time, in a keyset order (never OFFSET, whose cost grows with
 * the page number). The body stays the array SPEC §7 describes; what a client needs to go on travels in
 * headers, so a caller that ignores them still gets a valid first page.
 */
export const LIST_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/**
 * Response headers of every paged list (lower case, as Fetch's Headers returns them):
 * - `x-next-cursor`: pass it back as `?cursor=` for the next page; absent on the last page;
 * - `x-total-count`: how many items match the filters, all pages together.
 */
export const LIST_HEADERS = { nextCursor: 'x-next-cursor', totalCount: 'x-total-count' } as const;

export const LIST_MESSAGES = {
  badCursor: 'Le curseur de pagination est invalide ou a expiré : rechargez la liste.',
} as const;

/**
 * `limit` (1–200, default 50), `cursor` (opaque: only ever a value read from `x-next-cursor`) and `q`
 * (a search within the list; blank means none). Spread into each list's querystring schema.
 */
export const pageQueryShape = {
  limit: z.coerce.number().int().min(1).max(LIST_PAGE.maxLimit).default(LIST_PAGE.defaultLimit),
  cursor: singleLine().max(2000).optional(),
  q: singleLine().max(100).optional(),
};
export const pageQuerySchema = z.object(pageQueryShape);
export type PageQuery = z.infer<typeof pageQuerySchema>;
