import { parisDay } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import type { Clock } from '../../lib/clock.js';
import { type JournalEvent, journalContent } from './journal-append.js';

/** One month of one issuer waiting for its seal: the month's last entry and how many it holds. */
interface OpenMonth {
  issuerId: string;
  month: string;
  lastSeq: number;
  lastHash: string;
  events: number;
}

/**
 * The months to seal, in order: per issuer, each month (Paris calendar, of the entry's own date) after
 * its last sealed one and before `currentMonth`, with its last entry (the highest `seq` dated in it) and
 * its count. Seals themselves
 * are not events of a month.
 */
async function openMonths(db: DbOrTx, currentMonth: string): Promise<OpenMonth[]> {
  const result = await db.execute(sql`
    with sealed as (
      select distinct on (issuer_id) issuer_id, period,
        ((content::json -> 'details' ->> 'dernierSeq')::int) as head
      from ${journalEntries}
      where kind = 'cloture_mensuelle'
      order by issuer_id, seq desc
    ), dated as (
      select e.issuer_id, e.seq, s.period as sealed_period,
        to_char(((e.content::json ->> 'date')::timestamptz) at time zone 'Europe/Paris', 'YYYY-MM') as month
      from ${journalEntries} e left join sealed s on s.issuer_id = e.issuer_id
      -- Only what follows the last sealed head: the primary key's range, not the whole chain, each night.
      where e.kind <> 'cloture_mensuelle' and e.seq > coalesce(s.head, 0)
    ), months as (
      select d.issuer_id, d.month, max(d.seq) as last_seq, count(*)::int as events
      from dated d
      where d.month < ${currentMonth} and d.month > coalesce(d.sealed_period, '')
      group by d.issuer_id, d.month
    )
    select m.issuer_id, m.month, m.last_seq, e.hash as last_hash, m.events
    from months m join ${journalEntries} e on e.issuer_id = m.issuer_id and e.seq = m.last_seq
    order by m.issuer_id, m.month`);
  return rowsOf(result).map((row) => ({
    issuerId: String(row.issuer_id),
    month: String(row.month),
    lastSeq: Number(row.last_seq),
    lastHash: String(row.last_hash),
    events: Number(row.events),
  }));
}

/**
 * Issue 18: the monthly closing. For every issuer, each month before the current one (Paris calendar)
 * that has entries and no `cloture_mensuelle` entry yet gets one, in month order, sealing the chain's
 * head at the month's end: its details name that entry's seq and hash, and how many entries the month
 * holds. Idempotent: the unique index on (issuer, period) of closing entries turns a second replica's or
 * a second run's insert into nothing. The daily job of lib/jobs.ts runs it. Returns the seals written.
 */
export async function sealClosedMonths(db: DbOrTx, clock: Clock): Promise<number> {
  const now = clock.now();
  const months = await openMonths(db, parisDay(now).slice(0, 7));
  let written = 0;
  for (const month of months) {
    const event: JournalEvent = {
      issuerId: month.issuerId,
      kind: 'cloture_mensuelle',
      at: now,
      period: month.month,
      details: { dernierSeq: month.lastSeq, dernierHash: month.lastHash, evenements: month.events },
    };
    // appendJournal's insert, but a seal already written (another replica, another run) is no error.
    const inserted = await db
      .insert(journalEntries)
      .values({
        issuerId: event.issuerId,
        kind: event.kind,
        period: event.period,
        content: journalContent(event),
      })
      .onConflictDoNothing({
        target: [journalEntries.issuerId, journalEntries.period],
        where: sql`kind = 'cloture_mensuelle'`,
      })
      .returning({ seq: journalEntries.seq });
    written += inserted.length;
  }
  return written;
}
