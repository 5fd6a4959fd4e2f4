import { remainingDueCents } from '@facturo/shared';
import type { InvoiceRow, PaymentRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { invoiceStatusChanged } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import type { PlatformQueue } from '../../lib/jobs.js';
import type { QueueMail } from '../../lib/mail/mail-queue.js';
import { parisDate } from '../../lib/paris-date.js';
import { reportCashedPayment } from '../einvoicing/seller/cashed-status.js';
import { markIssued, refreshDeclaredCents } from '../invoices/document-life.repo.js';
import { creditedCents, type InvoiceChanges, updateInvoice } from '../invoices/invoices.repo.js';
import { invoiceDocument, journalPayment, journalStatusChanges } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { refuseUnpayable } from './payable.js';
import { declaredPayments, insertPayment, refreshPaidCents, setPaymentStatus } from './payments.repo.js';

/*
 * What follows a change to an invoice's payments (issue 17), in the writer's transaction and under the
 * invoice's row lock: paid_cents from the confirmed payments, the issuer's status from what remains due,
 * the recipient's « payée » kept only while it is true or waiting for the issuer, and the live event.
 */

/** Cents still due on the locked invoice, with its confirmed payments as they are now in `tx`. */
export async function remainingOf(
  tx: Tx,
  invoice: InvoiceRow,
  paidCents = invoice.paidCents,
): Promise<number> {
  return remainingDueCents({
    totalTtcCents: invoice.totalTtcCents,
    prepaidCents: invoice.prepaidCents,
    creditedCents: await creditedCents(tx, invoice.id),
    paidCents,
  });
}

/** How to tell the recipient that the invoice is settled: the caller's mail queue, in its transaction. */
export interface PaidNotice {
  queueMail: QueueMail;
  appUrl: string;
}

/**
 * Brings the invoice in line with its payments: `payee` (and paidAt) once nothing remains due, back to
 * `envoyee` (or `creee` if it never went out) when a deletion reopens it; the recipient's « payée » falls
 * back to « vue » when it is neither covered nor waiting for confirmation. When the invoice has just become
 * fully paid and `notice` is given, its recipient on the platform is told (`facture_payee`: in the app, and
 * by e-mail unless they opted out) — the issuer's own click tells the issuer nothing.
 */
export async function settleInvoice(
  tx: Tx,
  invoice: InvoiceRow,
  now: Date,
  notice?: PaidNotice,
): Promise<{ becamePaid: boolean }> {
  const paidCents = await refreshPaidCents(tx, invoice.id);
  const remaining = await remainingOf(tx, invoice, paidCents);
  const changes: InvoiceChanges = {};
  if (remaining === 0 && invoice.issuerStatus !== 'payee') {
    changes.issuerStatus = 'payee';
    changes.paidAt = invoice.paidAt ?? now;
  } else if (remaining > 0 && (invoice.issuerStatus === 'payee' || invoice.paidAt !== null)) {
    changes.issuerStatus = invoice.sentAt === null ? 'creee' : 'envoyee';
    changes.paidAt = null;
  }
  if (remaining > 0 && invoice.recipientStatus === 'payee') {
    const waiting = await declaredPayments(tx, invoice.id);
    if (waiting.length === 0) changes.recipientStatus = 'vue';
  }
  if (Object.keys(changes).length > 0) {
    await updateInvoice(tx, invoice.id, changes);
    await journalStatusChanges(tx, invoice.issuerId, invoiceDocument(invoice), invoice, changes, now, {
      payeCents: paidCents,
      resteCents: remaining,
    });
  }
  // Every payment change alters what the recipient reads (paid, still due): their views are stale.
  await publishEvents(tx, invoiceStatusChanged({ ...invoice, ...changes }, 'destinataire'));
  const becamePaid = changes.issuerStatus === 'payee';
  if (becamePaid && notice && invoice.recipientId) {
    const issuer = `${invoice.issuerSnapshot.prenom} ${invoice.issuerSnapshot.nom}`.trim();
    await notify(
      { tx, queueMail: notice.queueMail, appUrl: notice.appUrl },
      {
        userId: invoice.recipientId,
        kind: 'facture_payee',
        titre: `${issuer || 'Votre fournisseur'} a enregistré le paiement de la facture ${invoice.numero} : elle est réglée`,
        lien: `/factures/${invoice.id}`,
      },
    );
  }
  return { becamePaid };
}

/** Confirms a declared payment: from now on it counts. */
export async function confirmDeclared(tx: Tx, payment: PaymentRow, now: Date): Promise<void> {
  await setPaymentStatus(tx, payment.id, 'confirme', now);
}

/**
 * The issuer's « Marquer comme payée » (SPEC §4, issue 17): the money arrived. The client's declarations
 * that still fit what is due are confirmed, then one confirmed payment of whatever remains is recorded
 * (method « autre », today). Nothing due (deposits or credit notes cover it): only the status changes.
 */
export async function settleRemainder(
  tx: Tx,
  invoice: InvoiceRow,
  now: Date,
  notice: PaidNotice | undefined,
  platformJobs: PlatformQueue,
): Promise<void> {
  await refuseUnpayable(tx, invoice, now);
  // Paid before any sending: paying issues it (channel « paiement »); after a sending, the first channel stays.
  await markIssued(tx, invoice.id, now, 'paiement');
  let remaining = await remainingOf(tx, invoice);
  for (const declared of await declaredPayments(tx, invoice.id)) {
    if (declared.amountCents > remaining) continue;
    await confirmDeclared(tx, declared, now);
    await journalPayment(tx, invoice, 'paiement_confirme', { ...declared, status: 'confirme' }, now);
    await reportCashedPayment(tx, invoice, declared, now, platformJobs);
    remaining -= declared.amountCents;
  }
  await refreshDeclaredCents(tx, invoice.id);
  if (remaining > 0) {
    const payment = await insertPayment(tx, {
      invoiceId: invoice.id,
      issuerId: invoice.issuerId,
      datePaiement: parisDate(now),
      amountCents: remaining,
      method: 'autre',
      status: 'confirme',
      source: 'emetteur',
      confirmedAt: now,
    });
    await journalPayment(tx, invoice, 'paiement', payment, now);
    await reportCashedPayment(tx, invoice, payment, now, platformJobs);
  }
  await settleInvoice(tx, invoice, now, notice);
}
