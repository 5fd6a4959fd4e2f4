import { LIST_MESSAGES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { encodeCursor, isoMillis, pageOf, readCursor } from './keyset-page.js';
import { containsPattern } from './text-search.js';

const KEY = ['2026-11-25', '2026-11-25T19:01:21.123456Z', '6f1e4a7c-0000-4000-8000-000000000001'] as const;
const PARTS = ['date', 'instant', 'uuid'] as const;
const raw = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function refusal(cursor: string, list = 'factures/emises') {
  try {
    readCursor(list, cursor, PARTS);
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('cursors', () => {
  it('give back the key they were written with, for their own list only', () => {
    const cursor = encodeCursor('factures/emises', KEY);
    expect(readCursor('factures/emises', cursor, PARTS)).toEqual(KEY);
    expect(readCursor('factures/emises', undefined, PARTS)).toBeNull();
    expect(readCursor('factures/emises', '', PARTS)).toBeNull();
    expect(refusal(cursor, 'factures/recues')).toBeInstanceOf(AppError);
  });

  it('refuse, as a French 400, what the server did not write', () => {
    const cursors = [
      'pas-un-curseur',
      '%%%',
      raw('texte'),
      raw(null),
      raw({ l: 'factures/emises' }),
      raw({ l: 'factures/emises', k: KEY.slice(0, 2) }),
      raw({ l: 'factures/emises', k: [1, KEY[1], KEY[2]] }),
      raw({ l: 'factures/emises', k: ['2026-02-30', KEY[1], KEY[2]] }),
      raw({ l: 'factures/emises', k: [KEY[0], '2026-11-25 19:01:21+00', KEY[2]] }),
      raw({ l: 'factures/emises', k: [KEY[0], '2026-13-01T00:00:00.000000Z', KEY[2]] }),
      raw({ l: 'factures/emises', k: [KEY[0], '2026-11-25T24:00:00.000000Z', KEY[2]] }),
      raw({ l: 'factures/emises', k: [KEY[0], KEY[1], 'not-a-uuid'] }),
      raw({ k: KEY, l: 'factures/emises' }),
      `${encodeCursor('factures/emises', KEY)}x`,
    ];
    for (const cursor of cursors) {
      const error = refusal(cursor);
      expect(error, cursor).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(400);
      expect((error as AppError).toBody()).toEqual({
        errorType: 'validation_error',
        message: LIST_MESSAGES.badCursor,
      });
    }
  });

  it('take any text as a name, accents and quotes included', () => {
    const key = ['l’atelier "été"', KEY[1], KEY[2]] as const;
    const cursor = encodeCursor('clients', key);
    expect(readCursor('clients', cursor, ['text', 'instant', 'uuid'] as const)).toEqual(key);
  });
});

describe('pages', () => {
  const keyOf = (n: number) => [`2026-01-0${n}`, KEY[1], KEY[2]];

  it('have a next cursor only when the extra row came back', () => {
    const full = pageOf([1, 2, 3, 4], { limit: 3, total: 9, list: 'x', keyOf });
    expect(full.items).toEqual([1, 2, 3]);
    expect(readCursor('x', full.nextCursor ?? undefined, PARTS)?.[0]).toBe('2026-01-03');
    expect(pageOf([1, 2, 3], { limit: 3, total: 3, list: 'x', keyOf }).nextCursor).toBeNull();
    expect(pageOf([], { limit: 3, total: 0, list: 'x', keyOf })).toEqual({
      items: [],
      nextCursor: null,
      total: 0,
    });
  });

  it('show instants as the API does, in milliseconds cut as the drivers cut them', () => {
    expect(isoMillis('2026-11-25T19:01:21.123999Z')).toBe('2026-11-25T19:01:21.123Z');
  });

  it('search `%` and `_` as letters', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
