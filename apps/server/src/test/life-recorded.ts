import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../db/raw-rows.js';
import type { TestApp } from './harness.js';

/**
 * Checks that every issuing path recorded the document's life where it happened: a sent or paid
 * invoice, and every credit note, has its `issued_at`; the declared payments awaiting the issuer are
 * what `declared_cents` says. Tests of the lists and filters call it after setting up their invoices, so
 * a path that forgets to record its issue fails here rather than reading as a draft somewhere else.
 */
export async function expectLifeRecorded(t: TestApp): Promise<void> {
  const result = await t.database.db.execute(sql`
    select
      (select count(*) from invoices
        where issued_at is null and (sent_at is not null or paid_at is not null or type = 'avoir'))::int
        as unissued,
      (select count(*) from invoices i where declared_cents <> coalesce((select sum(p.amount_cents)
        from payments p where p.invoice_id = i.id and p.status = 'declare'), 0))::int as declared_drift`);
  expect(rowsOf(result)[0]).toEqual({ unissued: 0, declared_drift: 0 });
}
