import { REFUSAL_MESSAGES } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { invoiceStatusChanged } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { parisDate } from '../../lib/paris-date.js';
import { invoiceDocument, journalStatusChanges } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { recordDispute } from './document-life.repo.js';
import { lockVisibleInvoice, visibleInvoice } from './invoice-access.js';
import { lifeOfInvoice } from './invoice-life.js';
import { type InvoiceRecord, updateInvoice } from './invoices.repo.js';

const onlyRecipient = () => new AppError(403, 'forbidden', REFUSAL_MESSAGES.onlyRecipient);
const notRefusable = (etat: string) =>
  new AppError(409, 'invoice_not_refusable', REFUSAL_MESSAGES.notRefusable.replace('{etat}', etat));

/**
 * The recipient refuses an invoice received on Facturo (DESIGN §5): only while it may still be paid
 * (issued, not paid, cancelled, credited, already refused or rejected). In one transaction: their side
 * reads « refusee », the objection is recorded with its reason (the invoice reads « Refusée » on both
 * sides and is neither payable nor reminded), the status change joins the issuer's journal, the issuer
 * is notified in the app with the reason, and both pages hear of it live.
 */
export async function refuseInvoice(
  ctx: AppContext,
  user: UserRow,
  id: string,
  motif: string,
): Promise<InvoiceRecord> {
  await transactionWithMail(ctx, async (tx, queueMail) => {
    const { invoice, role } = await lockVisibleInvoice(tx, user, id);
    if (role !== 'destinataire') throw onlyRecipient();
    const now = ctx.clock.now();
    const life = await lifeOfInvoice(tx, invoice, 'destinataire', parisDate(now));
    if (!life.payable) throw notRefusable(life.libelle);
    const changes = { recipientStatus: 'refusee' as const };
    await updateInvoice(tx, id, changes);
    await recordDispute(tx, id, 'refusee', motif, now);
    await journalStatusChanges(tx, invoice.issuerId, invoiceDocument(invoice), invoice, changes, now, {
      motif,
    });
    const who = [user.prenom, user.nom].filter(Boolean).join(' ') || user.email;
    await notify(
      { tx, queueMail, appUrl: ctx.config.appUrl },
      {
        userId: invoice.issuerId,
        kind: 'facture_refusee',
        titre: `Facture ${invoice.numero} refusée par ${who} : ${motif}`,
        lien: `/factures/${invoice.id}`,
      },
    );
    await publishEvents(tx, invoiceStatusChanged({ ...invoice, ...changes }, 'emetteur'));
  });
  return (await visibleInvoice(ctx.db, user, id)).record;
}
