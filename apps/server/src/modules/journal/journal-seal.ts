import { parisDay } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import type { Clock } from '../../lib/clock.js';
import { type JournalEvent, journalContent } from './journal-append.js';

/** The two spans a seal closes: a day ('YYYY-MM-DD') and a month ('YYYY-MM'), Paris calendar. */
export type SealKind = 'cloture_quotidienne' | 'cloture_mensuelle';
export const SEAL_KINDS: readonly SealKind[] = ['cloture_quotidienne', 'cloture_mensuelle'];

/** How SQL's to_char names a kind's period, and how long its name is in a 'YYYY-MM-DD' day. */
const PERIOD_OF: Record<SealKind, { format: string; length: number }> = {
  cloture_quotidienne: { format: 'YYYY-MM-DD', length: 10 },
  cloture_mensuelle: { format: 'YYYY-MM', length: 7 },
};

/** One period of one issuer waiting for its seal: the period's last entry and how many it holds. */
interface OpenPeriod {
  issuerId: string;
  period: string;
  lastSeq: number;
  lastHash: string;
  events: number;
}

/**
 * The periods to seal, in order: per issuer, each period (Paris calendar, of the entry's own date) after
 * its last sealed one of that kind and before `currentPeriod`, with its last entry (the highest `seq`
 * dated in it) and its count. Seals themselves are not events of a period.
 */
async function openPeriods(db: DbOrTx, kind: SealKind, currentPeriod: string): Promise<OpenPeriod[]> {
  const { format } = PERIOD_OF[kind];
  const result = await db.execute(sql`
    with sealed as (
      select distinct on (issuer_id) issuer_id, period,
        ((content::json -> 'details' ->> 'dernierSeq')::int) as head
      from ${journalEntries}
      where kind = ${kind}
      order by issuer_id, seq desc
    ), dated as (
      select e.issuer_id, e.seq, s.period as sealed_period,
        to_char(((e.content::json ->> 'date')::timestamptz) at time zone 'Europe/Paris', ${format}) as period
      from ${journalEntries} e left join sealed s on s.issuer_id = e.issuer_id
      -- Only what follows the last sealed head: the primary key's range, not the whole chain, each night.
      where e.kind not in ('cloture_quotidienne', 'cloture_mensuelle') and e.seq > coalesce(s.head, 0)
    ), periods as (
      select d.issuer_id, d.period, max(d.seq) as last_seq, count(*)::int as events
      from dated d
      where d.period < ${currentPeriod} and d.period > coalesce(d.sealed_period, '')
      group by d.issuer_id, d.period
    )
    select p.issuer_id, p.period, p.last_seq, e.hash as last_hash, p.events
    from periods p join ${journalEntries} e on e.issuer_id = p.issuer_id and e.seq = p.last_seq
    order by p.issuer_id, p.period`);
  return rowsOf(result).map((row) => ({
    issuerId: String(row.issuer_id),
    period: String(row.period),
    lastSeq: Number(row.last_seq),
    lastHash: String(row.last_hash),
    events: Number(row.events),
  }));
}

/** Writes the seals of `kind` of every period that ended before now's; returns how many were written. */
async function sealEnded(db: DbOrTx, kind: SealKind, now: Date): Promise<number> {
  const periods = await openPeriods(db, kind, parisDay(now).slice(0, PERIOD_OF[kind].length));
  let written = 0;
  for (const open of periods) {
    const event: JournalEvent = {
      issuerId: open.issuerId,
      kind,
      at: now,
      period: open.period,
      details: { dernierSeq: open.lastSeq, dernierHash: open.lastHash, evenements: open.events },
    };
    // appendJournal's insert, but a seal already written (another replica, another run) is no error;
    // a skipped row fires no AFTER trigger, so the chain's head stays where it is.
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
        where: sql.raw(`kind = '${kind}'`),
      })
      .returning({ seq: journalEntries.seq });
    written += inserted.length;
  }
  return written;
}

/**
 * The daily and monthly closings. For every issuer, each day, then each month, before the current one
 * (Paris calendar) that has entries and no closing entry of its kind yet gets one, in order, sealing the
 * chain's head at the period's end: its details name that entry's seq and hash, and how many entries the
 * period holds. A day's seal bounds to one day the tail a professional could lose without a seal of it
 * kept outside Facturo (the chain's head, journal_heads, catches the rest). Idempotent: the unique indexes
 * on (issuer, period) of closing entries turn a second replica's or a second run's insert into nothing.
 * The daily job of lib/jobs.ts runs it. Returns the seals written.
 */
export async function sealEndedPeriods(db: DbOrTx, clock: Clock): Promise<{ days: number; months: number }> {
  const now = clock.now();
  const days = await sealEnded(db, 'cloture_quotidienne', now);
  const months = await sealEnded(db, 'cloture_mensuelle', now);
  return { days, months };
}
