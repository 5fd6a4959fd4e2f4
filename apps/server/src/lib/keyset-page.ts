import { LIST_HEADERS, LIST_MESSAGES } from '@facturo/shared';
import { type AnyColumn, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors.js';
import { isUuid } from './ids.js';

/*
 * Keyset pagination (issue 16), shared by every list: a page is the rows that come after the last row of
 * the previous one in the list's order, read from an index, never an OFFSET whose cost grows with the
 * page number. The cursor is that last row's sort key, as base64url JSON together with the name of its
 * list, so a cursor is refused by any other list.
 */

/** What one part of a sort key holds, checked when a cursor comes back (PostgreSQL must never fail on it). */
export type KeyPart = 'date' | 'instant' | 'uuid' | 'text';
type SortKey<P extends readonly KeyPart[]> = { [I in keyof P]: string };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** What `instantKey` writes: UTC, microseconds (a JS Date keeps only milliseconds: the keyset would break). */
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;

function isCalendarDate(value: string): boolean {
  const parts = ISO_DATE.exec(value);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const KEY_PART_CHECKS: Record<KeyPart, (value: string) => boolean> = {
  date: isCalendarDate,
  instant: (value) => isCalendarDate(ISO_INSTANT.exec(value)?.[1] ?? ''),
  uuid: isUuid,
  text: () => true,
};

/** A timestamp column as a sort key: exact to the microsecond, and read back by `::timestamptz`. */
export const instantKey = (column: SQLWrapper | AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** An instant key as the API shows instants (`toISOString()`: milliseconds, cut as the drivers cut them). */
export const isoMillis = (instant: string) => `${instant.slice(0, 23)}Z`;

const badCursor = () => badRequest(LIST_MESSAGES.badCursor);

export function encodeCursor(list: string, key: readonly string[]): string {
  return Buffer.from(JSON.stringify({ l: list, k: key }), 'utf8').toString('base64url');
}

/**
 * The sort key a cursor carries, or null without a cursor. Anything the server did not write for this
 * list, in this shape, is a 400 (`LIST_MESSAGES.badCursor`).
 */
export function readCursor<const P extends readonly KeyPart[]>(
  list: string,
  cursor: string | undefined,
  parts: P,
): SortKey<P> | null {
  if (cursor === undefined || cursor === '') return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  const { l, k } = (decoded ?? {}) as { l?: unknown; k?: unknown };
  if (l !== list || !Array.isArray(k) || k.length !== parts.length) throw badCursor();
  const key = k as unknown[];
  const valid = parts.every((part, i) => {
    const value = key[i];
    return typeof value === 'string' && KEY_PART_CHECKS[part](value);
  });
  // Only the very text the server writes: no other spelling of the same JSON, no trailing characters.
  if (!valid || encodeCursor(list, key as string[]) !== cursor) throw badCursor();
  return key as SortKey<P>;
}

/** A page read with `limit + 1` rows: the extra row only says that there is a next page. */
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  /** How many items match the filters, all pages together. */
  total: number;
}

export function pageOf<R>(
  rows: readonly R[],
  {
    limit,
    total,
    list,
    keyOf,
  }: { limit: number; total: number; list: string; keyOf: (row: R) => readonly string[] },
): Page<R> {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  const nextCursor = rows.length > limit && last !== undefined ? encodeCursor(list, keyOf(last)) : null;
  return { items, nextCursor, total };
}

/** Puts the page's cursor and total in their headers (LIST_HEADERS) and answers its items: the body stays an array. */
export function sendPage<T>(reply: FastifyReply, page: Page<T>): T[] {
  if (page.nextCursor !== null) reply.header(LIST_HEADERS.nextCursor, page.nextCursor);
  reply.header(LIST_HEADERS.totalCount, String(page.total));
  return page.items;
}
