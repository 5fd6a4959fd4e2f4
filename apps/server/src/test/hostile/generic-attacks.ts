/**
 * What every route is sent, whatever it takes: JSON that does not parse, JSON of the wrong type, a body
 * over the limits, and a query string of hostile values (NUL, year 0, impossible days, huge). None of it
 * may produce a 5xx; a body a route cannot read is a 4xx.
 */
export interface GenericAttack {
  name: string;
  contentType?: string;
  payload?: string;
  query?: string;
  /** A route that reads bodies must refuse this one (4xx); a GET may ignore it. */
  refusedWithBody: boolean;
}

const HOSTILE_QUERY = new URLSearchParams({
  q: 'a\u0000b',
  debut: '0000-01-01',
  fin: '2026-02-30',
  annee: '0',
  periode: '0000-01',
  limit: '-1',
  before: 'a\u0000b',
  format: 'a\u0000b',
  status: 'x'.repeat(10_000),
}).toString();

export const GENERIC_ATTACKS: readonly GenericAttack[] = [
  {
    name: 'JSON tronqué',
    contentType: 'application/json',
    payload: '{"nom": "a',
    refusedWithBody: true,
  },
  {
    name: 'JSON d’un autre type',
    contentType: 'application/json',
    payload: '[null,"a\\u0000b"]',
    refusedWithBody: false,
  },
  {
    name: 'corps de 1,2 Mo',
    contentType: 'application/json',
    payload: JSON.stringify({ nom: 'x'.repeat(1_200_000) }),
    refusedWithBody: true,
  },
  { name: 'requête hostile', query: HOSTILE_QUERY, refusedWithBody: false },
];

/** Days the calendar rule refuses: year 0 and a day February lacks (the bounds are the shared tests'). */
export const IMPOSSIBLE_DAYS = ['0000-01-01', '2026-02-30'] as const;
