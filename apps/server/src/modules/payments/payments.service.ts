import {
  centsToEuros,
  formatEuros,
  type InvoicePayments,
  PAYMENT_MESSAGES,
  type Payment,
  paymentAmountCents,
  type paymentInputSchema,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { InvoiceRow, PaymentRow, UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { parisDate } from '../../lib/paris-date.js';
import { reportCashedPayment } from '../einvoicing/seller/cashed-status.js';
import { markIssued, refreshDeclaredCents } from '../invoices/document-life.repo.js';
import { lockAsIssuer, visibleInvoice } from '../invoices/invoice-access.js';
import { amountDueFields } from '../invoices/invoices.presenter.js';
import { journalPayment } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { refuseUnpayable } from './payable.js';
import { confirmDeclared, remainingOf, settleInvoice } from './payment-settlement.js';
import { deletePayment, findPayment, insertPayment, listPayments, rejectPayment } from './payments.repo.js';

type PaymentInput = z.output<typeof paymentInputSchema>;

// The shared ERROR_TYPES (errors.ts, no lane's file) say what kind of refusal; the French message says why.
const conflict = (message: string) => new AppError(409, 'conflict', message);
const overpaid = (remainingCents: number, status = 400) =>
  new AppError(
    status,
    status === 400 ? 'validation_error' : 'conflict',
    PAYMENT_MESSAGES.overpaid(formatEuros(centsToEuros(remainingCents))),
  );

/** A credit note takes no payment, a cancelled invoice no change to its payments. */
function assertPaymentsOpen(invoice: InvoiceRow): void {
  if (invoice.type === 'avoir') throw conflict(PAYMENT_MESSAGES.creditNote);
  if (invoice.issuerStatus === 'annulee')
    throw new AppError(409, 'invoice_cancelled', PAYMENT_MESSAGES.cancelled);
}

/** « Jeanne Martin », as the invoice names its issuer, for the client's notification. */
const issuerNameOf = (invoice: InvoiceRow) =>
  `${invoice.issuerSnapshot.prenom} ${invoice.issuerSnapshot.nom}`.trim() || 'Votre fournisseur';

export function presentPayment(row: PaymentRow): Payment {
  return {
    _id: row.id,
    datePaiement: row.datePaiement,
    montant: centsToEuros(row.amountCents),
    methode: row.method,
    reference: row.reference,
    statut: row.status,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
    motifRejet: row.rejectionReason,
  };
}

/**
 * Payments of an invoice (issue 17). Only the issuer writes them — records, deletes, confirms or rejects
 * what the client declared —; both parties read them; anyone else is told the invoice does not exist.
 * Every write locks the invoice's row first, so concurrent payments of one invoice queue up and
 * invoices.paid_cents stays their exact sum.
 */
export class PaymentsService {
  constructor(private readonly ctx: AppContext) {}

  async list(user: UserRow, invoiceId: string): Promise<InvoicePayments> {
    const { role } = await visibleInvoice(this.ctx.db, user, invoiceId);
    return this.state(user, invoiceId, role === 'emetteur');
  }

  async record(user: UserRow, invoiceId: string, input: PaymentInput): Promise<InvoicePayments> {
    const cents = paymentAmountCents(input.montant);
    if (cents === null) throw badRequest(PAYMENT_MESSAGES.amount);
    const now = this.ctx.clock.now();
    if (input.datePaiement > parisDate(now)) throw badRequest(PAYMENT_MESSAGES.futureDate);
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await lockAsIssuer(tx, user, invoiceId);
      assertPaymentsOpen(invoice);
      // An unsent invoice can still change (it is not frozen): a part paid would not hold. Paid at once
      // in full, « Marquer comme payée » freezes it, as before.
      if (invoice.sentAt === null) throw conflict(PAYMENT_MESSAGES.unsent);
      const remaining = await remainingOf(tx, invoice);
      if (remaining === 0) throw conflict(PAYMENT_MESSAGES.nothingDue);
      await refuseUnpayable(tx, invoice, now);
      if (cents > remaining) throw overpaid(remaining);
      const payment = await insertPayment(tx, {
        invoiceId,
        issuerId: invoice.issuerId,
        datePaiement: input.datePaiement,
        amountCents: cents,
        method: input.methode,
        reference: input.reference,
        status: 'confirme',
        source: 'emetteur',
        confirmedAt: now,
      });
      await journalPayment(tx, invoice, 'paiement', payment, now);
      await markIssued(tx, invoice.id, now, 'paiement');
      await reportCashedPayment(tx, invoice, payment, now, this.ctx.platformJobs);
      await settleInvoice(tx, invoice, now, { queueMail, appUrl: this.ctx.config.appUrl });
    });
    return this.state(user, invoiceId, true);
  }

  /** A mistaken payment, confirmed, declared or rejected: gone, and the invoice reopened if need be. */
  async remove(user: UserRow, invoiceId: string, paymentId: string): Promise<InvoicePayments> {
    await this.ctx.db.transaction(async (tx) => {
      const { invoice, payment } = await this.lockPayment(tx, user, invoiceId, paymentId);
      await deletePayment(tx, payment.id);
      await refreshDeclaredCents(tx, invoice.id);
      const now = this.ctx.clock.now();
      await journalPayment(tx, invoice, 'paiement_supprime', payment, now);
      await settleInvoice(tx, invoice, now);
    });
    return this.state(user, invoiceId, true);
  }

  /** The issuer's one click on a client's declaration: it counts from now on. */
  async confirm(user: UserRow, invoiceId: string, paymentId: string): Promise<InvoicePayments> {
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const { invoice, payment } = await this.lockDeclared(tx, user, invoiceId, paymentId);
      const remaining = await remainingOf(tx, invoice);
      // Payments recorded since the declaration may already cover it: the issuer rejects it instead.
      if (payment.amountCents > remaining) throw overpaid(remaining, 409);
      const now = this.ctx.clock.now();
      await confirmDeclared(tx, payment, now);
      await refreshDeclaredCents(tx, invoice.id);
      await journalPayment(tx, invoice, 'paiement_confirme', { ...payment, status: 'confirme' }, now);
      await reportCashedPayment(tx, invoice, payment, now, this.ctx.platformJobs);
      await settleInvoice(tx, invoice, now, { queueMail, appUrl: this.ctx.config.appUrl });
    });
    return this.state(user, invoiceId, true);
  }

  /**
   * The money did not arrive: the declaration stays in the history, uncounted, with the issuer's reason;
   * the client is told (in the app and by e-mail) and may declare again.
   */
  async reject(user: UserRow, invoiceId: string, paymentId: string, motif: string): Promise<InvoicePayments> {
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const { invoice, payment } = await this.lockDeclared(tx, user, invoiceId, paymentId);
      await rejectPayment(tx, payment.id, motif);
      await refreshDeclaredCents(tx, invoice.id);
      const now = this.ctx.clock.now();
      await journalPayment(tx, invoice, 'paiement_rejete', { ...payment, status: 'rejete' }, now);
      await settleInvoice(tx, invoice, now);
      if (invoice.recipientId) {
        await notify(
          { tx, queueMail, appUrl: this.ctx.config.appUrl },
          {
            userId: invoice.recipientId,
            kind: 'paiement_rejete',
            titre: `${issuerNameOf(invoice)} n’a pas reçu le paiement que vous avez signalé pour la facture ${invoice.numero} (${formatEuros(centsToEuros(payment.amountCents))}) : ${motif}`,
            lien: `/factures/${invoice.id}`,
          },
        );
      }
    });
    return this.state(user, invoiceId, true);
  }

  private async lockPayment(tx: Tx, user: UserRow, invoiceId: string, paymentId: string) {
    const invoice = await lockAsIssuer(tx, user, invoiceId);
    assertPaymentsOpen(invoice);
    const payment = isUuid(paymentId) ? await findPayment(tx, invoiceId, paymentId) : undefined;
    if (!payment) throw notFound(PAYMENT_MESSAGES.notFound);
    return { invoice, payment };
  }

  private async lockDeclared(tx: Tx, user: UserRow, invoiceId: string, paymentId: string) {
    const found = await this.lockPayment(tx, user, invoiceId, paymentId);
    if (found.payment.status !== 'declare') throw conflict(PAYMENT_MESSAGES.declaredOnly);
    return found;
  }

  /** What the panel shows after any read or write: the payments and the invoice's paid and due amounts. */
  private async state(user: UserRow, invoiceId: string, asIssuer: boolean): Promise<InvoicePayments> {
    const { record } = await visibleInvoice(this.ctx.db, user, invoiceId);
    const { invoice, credits } = record;
    const credited = credits.reduce((sum, credit) => sum + credit.totalTtcCents, 0);
    const due = amountDueFields(invoice, credited);
    return {
      paiements: (await listPayments(this.ctx.db, invoiceId)).map(presentPayment),
      montantPaye: due.montantPaye,
      resteAPayer: due.resteAPayer,
      statutEmetteur: asIssuer ? invoice.issuerStatus : null,
    };
  }
}
