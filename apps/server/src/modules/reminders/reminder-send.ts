import { type Dispute, daysLate, parisDay, type ReminderStepSetting } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { type InvoiceRow, users } from '../../db/schema.js';
import type { Db } from '../../db/types.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { type MailQueue, transactionWithMail } from '../../lib/mail/mail-queue.js';
import { type InvoiceLinks, invoiceLinkUrl } from '../invoice-link/invoice-link-token.js';
import { lockInvoice } from '../invoices/invoices.repo.js';
import { issuedOriginal } from '../invoices/issued-original.js';
import { appendJournal } from '../journal/journal-append.js';
import { invoiceDocument } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { remainingOf } from '../payments/payment-settlement.js';
import { reminderEmail } from './reminder-mail.js';
import { insertReminder } from './reminders.repo.js';

export interface ReminderDeps {
  db: Db;
  mail: MailQueue;
  clock: Clock;
  appUrl: string;
  /** Signs the link a client without an account opens the invoice with (DESIGN §5). */
  invoiceLinks: InvoiceLinks;
}

/** An objection recorded on the invoice (document-life.ts), as the reason no reminder goes. */
const OBJECTIONS: Record<Dispute, string> = {
  refusee: 'Le client a refusé cette facture : elle ne se relance pas.',
  litige: 'Le client conteste cette facture : réglez le litige avant de le relancer.',
  rejetee: 'La plateforme agréée a rejeté cette facture : elle n’a pas été remise au client.',
};

/** Why an invoice cannot be reminded now, in French; null when it can. */
function notRemindable(invoice: InvoiceRow, remainingCents: number): string | null {
  if (invoice.type === 'avoir') return 'Un avoir ne fait pas l’objet de relances.';
  if (invoice.issuerStatus === 'annulee') return 'Cette facture est annulée : aucune relance n’est envoyée.';
  if (invoice.sentAt === null)
    return 'Envoyez d’abord la facture : une facture non envoyée ne se relance pas.';
  // « payée » as well as nothing left: an invoice marked paid before its payments were recorded.
  if (remainingCents <= 0 || invoice.issuerStatus === 'payee')
    return 'Cette facture est réglée : plus rien n’est dû.';
  if (invoice.dispute) return OBJECTIONS[invoice.dispute];
  if (!invoice.clientSnapshot.email) return 'Le client de cette facture n’a pas d’adresse e-mail.';
  return null;
}

/**
 * One reminder in ONE transaction: the invoice locked and checked (paid, credited or cancelled stops it
 * here, whatever the sweep saw), the history row written — for an automatic step, `on conflict do
 * nothing` on (invoice, step) makes a second replica's or a restarted sweep's attempt a no-op —, the
 * e-mail with the invoice's original PDF queued and the issuer notified. Nothing is sent unless all
 * of it commits (the issuer is notified of automatic reminders only). Returns the row, or undefined
 * when the step had already been sent.
 *
 * `manual`: the professional's « Relancer maintenant », refused with a French reason when it cannot be
 * sent; an automatic step that became pointless is skipped silently.
 */
export async function sendReminder(
  deps: ReminderDeps,
  invoiceId: string,
  step: { key: string; texts: Pick<ReminderStepSetting, 'objet' | 'corps'> },
  manual: boolean,
) {
  const today = parisDay(deps.clock.now());
  return transactionWithMail(deps, async (tx, queueMail) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (!invoice) return undefined;
    // What remains on the locked row: the payments module's rule, as the invoice page shows it.
    const remainingCents = await remainingOf(tx, invoice);
    const refusal = notRemindable(invoice, remainingCents);
    if (refusal) {
      if (manual) throw new AppError(409, invoice.dispute ? 'invoice_not_remindable' : 'conflict', refusal);
      return undefined;
    }
    const late = daysLate(invoice.dateEcheance, today);
    const row = await insertReminder(tx, {
      invoiceId,
      issuerId: invoice.issuerId,
      step: step.key,
      recipientEmail: invoice.clientSnapshot.email,
      amountDueCents: remainingCents,
      daysLate: late,
      createdAt: deps.clock.now(),
    });
    if (!row) return undefined;
    const [issuer] = await tx
      .select({ prenom: users.prenom, nom: users.nom, email: users.email })
      .from(users)
      .where(eq(users.id, invoice.issuerId));
    const issuerName = `${issuer?.prenom ?? ''} ${issuer?.nom ?? ''}`.trim();
    const at = deps.clock.now();
    const { pdf } = await issuedOriginal(tx, invoice, { at, via: 'relance' });
    await appendJournal(tx, {
      issuerId: invoice.issuerId,
      kind: 'relance',
      document: invoiceDocument(invoice),
      at,
      details: { etape: step.key, automatique: !manual, resteDuCents: remainingCents, joursRetard: late },
    });
    await queueMail(
      reminderEmail({
        invoice,
        step: step.texts,
        remainingCents,
        daysLate: late,
        issuer: { name: issuerName, email: issuer?.email ?? invoice.issuerSnapshot.email },
        pdf,
        // A client with a Facturo account opens it there; any other, through the invoice's signed link.
        invoiceUrl: invoice.recipientId
          ? `${deps.appUrl}/factures/${invoice.id}`
          : invoiceLinkUrl(
              deps.appUrl,
              deps.invoiceLinks.sign({ invoiceId: invoice.id, email: invoice.clientSnapshot.email }),
            ),
      }),
      invoice.issuerId,
    );
    // The issuer's own « Relancer maintenant » is not news to them: only the automatic ones are told.
    if (manual) return row;
    await notify(
      { tx, queueMail, appUrl: deps.appUrl },
      {
        userId: invoice.issuerId,
        kind: 'relance_envoyee',
        titre: `Relance envoyée à ${invoice.clientSnapshot.nom} pour la facture ${invoice.numero}`,
        lien: `/factures/${invoice.id}`,
      },
    );
    return row;
  });
}
