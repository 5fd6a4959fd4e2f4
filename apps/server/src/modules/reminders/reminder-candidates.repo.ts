import { DEFAULT_REMINDER_STEPS, REMINDER_STEP_OFFSETS, type ReminderStepSetting } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import type { DbOrTx } from '../../db/types.js';
import { remindableSql } from '../invoices/document-life.sql.js';

/** An invoice to remind now: the step due, and the issuer's saved steps (null: the default plan). */
export interface ReminderCandidate {
  invoiceId: string;
  stepKey: string;
  planSteps: ReminderStepSetting[] | null;
}

/**
 * A step is sent at most this many days after its day. A sweep that could not run for some days (an outage, a
 * mail server down) still catches up; but an invoice already long past its last step when the plan first
 * sees it (the plan is on by default: its first sweep after deployment, an old invoice marked sent today) is
 * not reminded out of the blue — « Relancer maintenant » is there for that.
 */
export const REMINDER_CATCH_UP_DAYS = 7;

/** At most this many reminders a sweep; the next sweep goes on where it stopped (sent ones drop out). */
export const SWEEP_BATCH = 500;

/**
 * The due dates a sweep can find a step for: from the earliest step's offset (3 days ahead, « avant_3 ») to
 * the latest one's plus the catch-up (22 days ago). The lateral step lookup below already keeps only those;
 * said as a range of `date_echeance` too, the sweep reads just that slice of its index, not every open invoice.
 */
const STEP_DAYS = Object.values(REMINDER_STEP_OFFSETS);
const NEAREST_DUE_DAYS_AGO = Math.min(...STEP_DAYS);
const FARTHEST_DUE_DAYS_AGO = Math.max(...STEP_DAYS) + REMINDER_CATCH_UP_DAYS;

/**
 * One query for the whole sweep (`today`, Paris): sent invoices still owing something (remainingDueSql),
 * not a credit note, not cancelled or marked paid, not refused, disputed or rejected (documentLife's
 * `relancable`), with a client address, of an active professional whose
 * plan is on; per invoice, the latest ACTIVE step whose day has come — the only one sent, so an invoice
 * that missed steps gets that one, not all — unless that step or a later one was already sent, or its day
 * is more than REMINDER_CATCH_UP_DAYS ago.
 * Invoices whose last step went out are not read again, however long they stay unpaid.
 */
export async function reminderCandidates(
  db: DbOrTx,
  today: string,
  onlyIssuers?: readonly string[],
): Promise<ReminderCandidate[]> {
  const offsets = sql.join(
    Object.entries(REMINDER_STEP_OFFSETS).map(([key, days]) => sql`(${key}, ${days}::int)`),
    sql`, `,
  );
  const scope = onlyIssuers
    ? sql`and i.issuer_id in (${sql.join(
        onlyIssuers.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    with step_offsets(step, days) as (values ${offsets})
    select i.id as invoice_id, due.step as step_key, p.steps as plan_steps
    from invoices i
    join users u on u.id = i.issuer_id
    left join reminder_plans p on p.user_id = i.issuer_id
    cross join lateral (
      select o.step, o.days
      from jsonb_array_elements(coalesce(p.steps, ${JSON.stringify(DEFAULT_REMINDER_STEPS)}::jsonb)) s
      join step_offsets o on o.step = s->>'cle'
      where (s->>'actif')::boolean and o.days <= ${today}::date - i.date_echeance
        and o.days >= ${today}::date - i.date_echeance - ${REMINDER_CATCH_UP_DAYS}::int
      order by o.days desc
      limit 1
    ) due
    -- Sent, and remindable by the document's life: open, something due, never refused, disputed or
    -- rejected by the approved platform (document-life.sql.ts, the twin of documentLife().relancable).
    where i.sent_at is not null and ${remindableSql('i')}
      -- Implied by remindableSql (open: neither paid nor cancelled), said in plain column tests so that
      -- PostgreSQL matches the partial index invoices_reminder_sweep_idx (migration 0023), whose predicate is
      -- sent, issued, not a credit note, no objection, status neither « payée » nor « annulée »: paid
      -- invoices, most of the table, are not in it.
      and i.issuer_status <> 'payee'
      and i.date_echeance <= ${today}::date - ${NEAREST_DUE_DAYS_AGO}::int
      and i.date_echeance >= ${today}::date - ${FARTHEST_DUE_DAYS_AGO}::int
      and coalesce(i.client_snapshot->>'email', '') <> ''
      and coalesce(p.active, true)
      and u.deleted_at is null and not u.is_banned and u.role = 'professionnel'
      and not exists (
        select 1 from invoice_reminders r join step_offsets o on o.step = r.step
        where r.invoice_id = i.id and o.days >= due.days
      )
      ${scope}
    order by i.date_echeance, i.id
    limit ${SWEEP_BATCH}`);
  return rowsOf(result).map((r) => ({
    invoiceId: String(r.invoice_id),
    stepKey: String(r.step_key),
    planSteps: (r.plan_steps as ReminderStepSetting[] | null) ?? null,
  }));
}
