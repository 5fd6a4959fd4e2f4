/**
 * Issue 17: automatic reminders of unpaid invoices. The contract between the server's reminders module
 * and the web's reminder settings and history.
 */

/** One step of a professional's reminder plan. */
export interface ReminderStepSetting {
  /** Stable key, written in invoice_reminders.step: 'avant_3', 'apres_1', 'apres_7', 'apres_15'. */
  cle: string;
  /** Days from the due date: negative before it, positive after. */
  decalageJours: number;
  actif: boolean;
  /** The e-mail's subject and body, with {variables} (REMINDER_VARIABLES). */
  objet: string;
  corps: string;
}
