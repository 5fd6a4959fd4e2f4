import { daysLate, parisDay, type ReminderStepSetting } from '@facturo/shared';
import type { FastifyBaseLogger } from 'fastify';
import { type ReminderDeps, sendReminder } from './reminder-send.js';
import { completeSteps, defaultPlan, reminderCandidates } from './reminders.repo.js';

/**
 * The step to send today: the latest active step whose day has come, unless it (or a later one) was
 * already sent. An invoice whose steps were skipped (sent 20 days after its due date, a sweep that did
 * not run for a week) gets only that latest step, not every one it missed.
 */
export function stepToSend(
  steps: readonly ReminderStepSetting[],
  dateEcheance: string,
  today: string,
  sentSteps: readonly string[],
): ReminderStepSetting | undefined {
  const late = daysLate(dateEcheance, today);
  const ordered = [...steps].sort((a, b) => a.decalageJours - b.decalageJours);
  const due = ordered.filter((s) => s.actif && s.decalageJours <= late).at(-1);
  if (!due) return undefined;
  const laterOrSame = ordered.filter((s) => s.decalageJours >= due.decalageJours).map((s) => s.cle);
  return laterOrSame.some((key) => sentSteps.includes(key)) ? undefined : due;
}

/**
 * Every replica runs this on the queue's schedule (and tests run it with the app's clock). Replicas may
 * sweep at the same moment: sendReminder's unique (invoice, step) row makes each step go out once. One
 * invoice's failure is logged and does not stop the others; the next sweep tries it again.
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
    const step = stepToSend(steps, candidate.dateEcheance, today, candidate.sentSteps);
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
