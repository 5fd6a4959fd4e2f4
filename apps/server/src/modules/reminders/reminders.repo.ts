import {
  DEFAULT_REMINDER_STEPS,
  REMINDER_STEP_KEYS,
  REMINDER_STEP_OFFSETS,
  type ReminderStepSetting,
} from '@facturo/shared';
import { asc, eq } from 'drizzle-orm';
import { invoiceReminders, reminderPlans } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

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
