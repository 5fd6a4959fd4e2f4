import { daysLate, parisDay, type ReminderStepSetting } from '@facturo/shared';
import type { FastifyBaseLogger } from 'fastify';
import { reminderCandidates } from './reminder-candidates.repo.js';
import { type ReminderDeps, sendReminder } from './reminder-send.js';
import { completeSteps, defaultPlan } from './reminders.repo.js';

/** The latest active step whose day has come (`today`, from the due date), if any. */
export function latestStepDue(
  steps: readonly ReminderStepSetting[],
  dateEcheance: string,
  today: string,
): ReminderStepSetting | undefined {
  const late = daysLate(dateEcheance, today);
  return [...steps]
    .sort((a, b) => a.decalageJours - b.decalageJours)
    .filter((s) => s.actif && s.decalageJours <= late)
    .at(-1);
}

/**
 * Every replica runs this on the queue's schedule (and tests run it with the app's clock). Which invoice
 * and which step: reminderCandidates, in one query. Replicas may sweep at the same moment: sendReminder's
 * unique (invoice, step) row makes each step go out once. One invoice's failure is logged and does not
 * stop the others; the next sweep tries it again.
 */
export async function runReminderSweep(
  deps: ReminderDeps & { log: FastifyBaseLogger },
  /** Tests on the shared PostgreSQL database sweep their own professionals only. */
  onlyIssuers?: readonly string[],
): Promise<number> {
  const today = parisDay(deps.clock.now());
  let sent = 0;
  for (const candidate of await reminderCandidates(deps.db, today, onlyIssuers)) {
    const steps = candidate.planSteps ? completeSteps(candidate.planSteps) : defaultPlan().steps;
    const step = steps.find((s) => s.cle === candidate.stepKey);
    if (!step) continue;
    try {
      const row = await sendReminder(deps, candidate.invoiceId, { key: step.cle, texts: step }, false);
      if (row) sent += 1;
    } catch (error) {
      deps.log.error({ err: error, invoiceId: candidate.invoiceId }, 'Relance non envoyée');
    }
  }
  return sent;
}
