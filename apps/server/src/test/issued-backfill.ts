import { sql } from 'drizzle-orm';
import type { TestApp } from './harness.js';

/**
 * Records « émise » and the channel on the invoices whose issuing path does not write them yet, by the
 * rule migration 0020 backfilled them with (first sending, else payment; a credit note at creation).
 * The payments declared and awaiting the issuer are recounted too (declared_cents). Idempotent: a row already issued keeps its instant and channel. Tests of the lists and filters call it
 * after setting up their invoices, so they read the same life whether or not every path records it.
 */
export async function recordIssues(t: TestApp): Promise<void> {
  await t.database.db.execute(sql`
    update invoices set
      issued_at = coalesce(sent_at, paid_at, case when type = 'avoir' then created_at end),
      channel = case
        when sent_at is not null and recipient_id is not null then 'facturo'
        when sent_at is not null then 'email'
        when paid_at is not null then 'paiement'
      end
    where issued_at is null and (sent_at is not null or paid_at is not null or type = 'avoir')`);
  await t.database.db.execute(sql`
    update invoices i set declared_cents = coalesce((select sum(p.amount_cents) from payments p
      where p.invoice_id = i.id and p.status = 'declare'), 0)`);
}
