import {
  centsToEuros,
  type InvoiceReminder,
  MANUAL_REMINDER_STEP,
  parisDay,
  REMINDER_STEP_LABELS,
  REMINDER_STEP_OFFSETS,
  type ReminderPlan,
  type ReminderPlanInput,
  type ReminderStepKey,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { invoiceReminders, UserRow } from '../../db/schema.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { notIssuer, visibleInvoice } from '../invoices/invoice-access.js';
import { assertProfessional } from '../users/professional-guard.js';
import { sendReminder } from './reminder-send.js';
import { latestStepDue } from './reminder-sweep.js';
import { findPlan, remindersOf, type StoredPlan, savePlan } from './reminders.repo.js';

function presentPlan(plan: StoredPlan): ReminderPlan {
  return {
    actif: plan.active,
    etapes: plan.steps.map((s) => ({ ...s, cle: s.cle as ReminderStepKey })),
  };
}

function presentReminder(row: typeof invoiceReminders.$inferSelect): InvoiceReminder {
  return {
    _id: row.id,
    etape: row.step,
    libelle: REMINDER_STEP_LABELS[row.step as ReminderStepKey] ?? row.step,
    destinataire: row.recipientEmail,
    montantDu: centsToEuros(row.amountDueCents),
    joursRetard: row.daysLate,
    envoyeeLe: row.createdAt.toISOString(),
  };
}

/** A professional's reminder plan, an invoice's reminder history and « Relancer maintenant ». */
export class RemindersService {
  constructor(private readonly ctx: AppContext) {}

  async plan(user: UserRow): Promise<ReminderPlan> {
    assertProfessional(user, 'relancer vos clients');
    return presentPlan(await findPlan(this.ctx.db, user.id));
  }

  async savePlan(user: UserRow, input: ReminderPlanInput): Promise<ReminderPlan> {
    assertProfessional(user, 'relancer vos clients');
    const plan: StoredPlan = {
      active: input.actif,
      steps: input.etapes
        .map((s) => ({ ...s, decalageJours: REMINDER_STEP_OFFSETS[s.cle] }))
        .sort((a, b) => a.decalageJours - b.decalageJours),
    };
    await savePlan(this.ctx.db, user.id, plan, this.ctx.clock.now());
    return presentPlan(plan);
  }

  /** The issuer's history of one invoice; the recipient and anyone else are refused like elsewhere. */
  async history(user: UserRow, invoiceId: string): Promise<InvoiceReminder[]> {
    const { role } = await visibleInvoice(this.ctx.db, user, invoiceId);
    if (role !== 'emetteur') return [];
    return (await remindersOf(this.ctx.db, invoiceId)).map(presentReminder);
  }

  /**
   * « Relancer maintenant »: the texts of the plan's step due today (the first step before the due
   * date), sent at once whatever the plan's on/off, as a 'manuel' row that may repeat.
   */
  async remindNow(user: UserRow, invoiceId: string): Promise<InvoiceReminder> {
    // 404 for strangers, 403 for the recipient, as the invoice's other issuer-only actions.
    const { record, role } = await visibleInvoice(this.ctx.db, user, invoiceId);
    if (role !== 'emetteur') throw notIssuer();
    // Counted with the invoices a professional e-mails: a script cannot flood a client through here.
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const plan = await findPlan(this.ctx.db, user.id);
    const today = parisDay(this.ctx.clock.now());
    const all = plan.steps.map((s) => ({ ...s, actif: true }));
    const step = latestStepDue(all, record.invoice.dateEcheance, today) ?? all[0];
    if (!step) throw new Error('reminder plan without steps');
    const row = await sendReminder(
      {
        db: this.ctx.db,
        mail: this.ctx.mail,
        clock: this.ctx.clock,
        appUrl: this.ctx.config.appUrl,
        invoiceLinks: this.ctx.invoiceLinks,
      },
      invoiceId,
      { key: MANUAL_REMINDER_STEP, texts: step },
      true,
    );
    if (!row) throw new Error('manual reminder not written');
    return presentReminder(row);
  }
}
