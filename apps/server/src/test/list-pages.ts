import { LIST_HEADERS } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from './harness.js';

/** One page of a list as a client reads it: the body, and what the headers say. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | undefined;
  total: number;
}

const withParams = (url: string, params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, String(value));
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
};

export async function readPage<T>(
  t: TestApp,
  token: string,
  url: string,
  params: Record<string, string | number | undefined> = {},
): Promise<ListPage<T>> {
  const res = await t.request({ method: 'GET', url: withParams(url, params), token });
  expect(res.statusCode, res.body).toBe(200);
  const cursor = res.headers[LIST_HEADERS.nextCursor];
  return {
    items: res.json<T[]>(),
    nextCursor: typeof cursor === 'string' ? cursor : undefined,
    total: Number(res.headers[LIST_HEADERS.totalCount]),
  };
}

/**
 * Every page of a list, following `x-next-cursor` until it is absent: each page but the last is full,
 * and every page states the same total.
 */
export async function walkPages<T>(t: TestApp, token: string, url: string, limit: number): Promise<T[][]> {
  const pages: T[][] = [];
  let cursor: string | undefined;
  let total: number | undefined;
  do {
    const page = await readPage<T>(t, token, url, { limit, cursor });
    total ??= page.total;
    expect(page.total).toBe(total);
    if (page.nextCursor !== undefined) expect(page.items).toHaveLength(limit);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  expect(pages.flat()).toHaveLength(total ?? 0);
  return pages;
}

/**
 * `count` copies of an invoice written by one SQL statement: they share its issue date and, written in
 * one transaction, one creation instant to the microsecond, so only their ids order them — the hardest
 * case for a keyset. Faster than `count` HTTP creations by far.
 */
export async function cloneInvoice(t: TestApp, invoiceId: string, count: number): Promise<void> {
  await t.database.db.execute(sql`
    insert into invoices (type, issuer_id, client_id, recipient_id, numero, year, sequence, date_emission,
      date_echeance, delai_paiement, objet, lines, total_ht_cents, vat_rate, total_vat_cents, total_ttc_cents,
      issuer_status, recipient_status, paid_at, sent_at, issuer_snapshot, client_snapshot, mentions,
      date_livraison, delivery_address, vat_category, credit_reason, prepaid_cents, refs)
    select type, issuer_id, client_id, recipient_id, numero || '-C' || g, year, sequence + g, date_emission,
      date_echeance, delai_paiement, objet, lines, total_ht_cents, vat_rate, total_vat_cents, total_ttc_cents,
      issuer_status, recipient_status, paid_at, sent_at, issuer_snapshot, client_snapshot, mentions,
      date_livraison, delivery_address, vat_category, credit_reason, prepaid_cents, refs
    from invoices, generate_series(1, ${count}) g
    where id = ${invoiceId}`);
}
