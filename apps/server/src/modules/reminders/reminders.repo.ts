import {
  DEFAULT_REMINDER_STEPS,
  REMINDER_STEP_KEYS,
  REMINDER_STEP_OFFSETS,
  type ReminderStepSetting,
} from '@facturo/shared';
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/raw-rows.js';
import { invoiceReminders, reminderPlans } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { remainingDueSql } from '../payments/amount-due.sql.js';

/** A professional's plan as the sweep and the settings read it. */
export interface StoredPlan {
  active: boolean;
  steps: ReminderStepSetting[];
}

/** The plan of a user; the default one while they never saved theirs. */
export async function findPlan(db: DbOrTx, userId: string): Promise<StoredPlan> {
  const [row] = await db
    .select({ active: reminderPlans.active, steps: reminderPlans.steps })
    .from(reminderPlans)
    .where(eq(reminderPlans.userId, userId));
  return row ? { active: row.active, steps: completeSteps(row.steps) } : defaultPlan();
}

export function defaultPlan(): StoredPlan {
  return { active: true, steps: DEFAULT_REMINDER_STEPS.map((s) => ({ ...s })) };
}

/** The four steps in order, whatever was stored: a missing one takes its default. */
export function completeSteps(stored: readonly ReminderStepSetting[]): ReminderStepSetting[] {
  return REMINDER_STEP_KEYS.map((key) => {
    const own = stored.find((s) => s.cle === key);
    const fallback = DEFAULT_REMINDER_STEPS.find((s) => s.cle === key) as ReminderStepSetting;
    return { ...(own ?? fallback), decalageJours: REMINDER_STEP_OFFSETS[key] };
  });
}

export async function savePlan(db: DbOrTx, userId: string, plan: StoredPlan, now: Date): Promise<void> {
  await db
    .insert(reminderPlans)
    .values({ userId, active: plan.active, steps: plan.steps, updatedAt: now })
    .onConflictDoUpdate({
      target: reminderPlans.userId,
      set: { active: plan.active, steps: plan.steps, updatedAt: now },
    });
}

/** An invoice the sweep may remind today: its plan (null: the default) and the steps already sent. */
export interface ReminderCandidate {
  invoiceId: string;
  dateEcheance: string;
  planSteps: ReminderStepSetting[] | null;
  sentSteps: string[];
}

/** The earliest step is 3 days before the due date: no invoice due later than this is looked at. */
const EARLIEST_OFFSET_DAYS = Math.min(...Object.values(REMINDER_STEP_OFFSETS));

/**
 * Sent invoices still owing something, with a client address, whose first step's day has come (`today`,
 * Paris), for active issuers: one query; which step is due is decided per invoice by the caller.
 */
export async function reminderCandidates(
  db: DbOrTx,
  today: string,
  onlyIssuers?: readonly string[],
): Promise<ReminderCandidate[]> {
  const scope = onlyIssuers
    ? sql`and i.issuer_id in (${sql.join(
        onlyIssuers.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await db.execute(sql`
    select i.id as invoice_id, to_char(i.date_echeance, 'YYYY-MM-DD') as date_echeance,
      p.steps as plan_steps,
      (select array_agg(r.step) from invoice_reminders r where r.invoice_id = i.id and r.step <> 'manuel') as sent_steps
    from invoices i
    join users u on u.id = i.issuer_id
    left join reminder_plans p on p.user_id = i.issuer_id
    where i.type <> 'avoir' and i.issuer_status not in ('annulee', 'payee') and i.sent_at is not null
      and i.date_echeance <= (${today}::date - ${EARLIEST_OFFSET_DAYS}::int)
      and ${remainingDueSql('i')} > 0
      and coalesce(i.client_snapshot->>'email', '') <> ''
      and coalesce(p.active, true)
      and u.deleted_at is null and not u.is_banned and u.role = 'professionnel'
      ${scope}
    order by i.date_echeance, i.id`);
  return rowsOf(result).map((r) => ({
    invoiceId: String(r.invoice_id),
    dateEcheance: String(r.date_echeance),
    planSteps: (r.plan_steps as ReminderStepSetting[] | null) ?? null,
    sentSteps: (r.sent_steps as string[] | null) ?? [],
  }));
}

export async function insertReminder(
  db: DbOrTx,
  values: typeof invoiceReminders.$inferInsert,
): Promise<typeof invoiceReminders.$inferSelect | undefined> {
  // An automatic step already written (another replica, an earlier run) makes this a no-op.
  const [row] = await db.insert(invoiceReminders).values(values).onConflictDoNothing().returning();
  return row;
}

export async function remindersOf(db: DbOrTx, invoiceId: string) {
  return db
    .select()
    .from(invoiceReminders)
    .where(eq(invoiceReminders.invoiceId, invoiceId))
    .orderBy(asc(invoiceReminders.createdAt), asc(invoiceReminders.id));
}
