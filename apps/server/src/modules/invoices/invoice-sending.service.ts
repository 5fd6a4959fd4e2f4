import { type InvoiceType, MESSAGES, type sendInvoiceEmailSchema } from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { InvoiceRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { invoiceReceived } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import {
  invoiceByEmail,
  invoiceInvitationEmail,
  invoiceLinkEmail,
  invoiceReceivedEmail,
} from '../../lib/mail/templates.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { assertCounterpartReachable } from '../account/counterpart.guard.js';
import { invoiceLinkUrl } from '../invoice-link/invoice-link-token.js';
import { invoiceDocument, journalStatusChanges } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { markIssued } from './document-life.repo.js';
import { lockAsIssuer, visibleInvoice } from './invoice-access.js';
import { type InvoiceChanges, type InvoiceRecord, updateInvoice } from './invoices.repo.js';
import { issuedOriginal } from './issued-original.js';
import { findPlatformRecipient } from './platform-recipient.js';
import { isApprovedPlatformCopy, refuseSecondChannel } from './sending-channel.js';

/**
 * Sending an invoice, on the platform or by e-mail: the status change and the e-mail's job are one
 * transaction, so an invoice is never marked sent without its e-mail, nor e-mailed without being marked.
 */
export class InvoiceSendingService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Puts the invoice on the platform for the client's e-mail address: an existing account receives it;
   * an address without one gets the invoice's signed link, and no account is created before its owner
   * accepts the terms there (DESIGN §5).
   */
  async sendInternal(
    user: UserRow,
    id: string,
  ): Promise<{ record: InvoiceRecord; dejaEnvoyee: boolean; invitationEnvoyee: boolean }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    const outcome = await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await lockAsIssuer(tx, user, id);
      refuseSecondChannel(invoice, 'facturo');
      const sending = sentChanges(invoice, now);
      const email = invoice.clientSnapshot.email;
      const { recipient, invitationToken } = await findPlatformRecipient(
        tx,
        user,
        invoice.clientSnapshot,
        now,
        'Vous ne pouvez pas vous envoyer une facture à vous-même.',
      );
      // A suspended account would receive nothing (account/counterpart.guard.ts).
      if (recipient) await assertCounterpartReachable(tx, recipient.id);
      const alreadyThere = recipient !== null && invoice.recipientId === recipient.id;
      // Without an account, « already sent » is: already sent on the platform, to its link.
      const alreadySent = recipient ? alreadyThere : invoice.sentAt !== null && invoice.channel === 'facturo';
      const changes: InvoiceChanges = {
        ...(recipient ? { recipientId: recipient.id } : {}),
        ...sending,
        ...(alreadyThere ? {} : { recipientStatus: 'non_vue' as const }),
      };
      await updateInvoice(tx, id, changes);
      const document = invoiceDocument(invoice);
      await journalStatusChanges(tx, user.id, document, invoice, changes, now, { via: 'facturo' });
      await markIssued(tx, id, now, 'facturo');
      // Sent, so issued: its original is fixed now, with the sending (issued-original.ts).
      await issuedOriginal(tx, { ...invoice, ...changes }, { at: now, via: 'facturo' });
      // Committed with the sending: the recipient's open tabs learn of it at once.
      if (recipient && !alreadyThere) {
        await publishEvents(tx, [invoiceReceived(invoice, recipient.id)]);
        await notify(
          { tx, appUrl: this.ctx.config.appUrl },
          {
            userId: recipient.id,
            kind: 'facture_recue',
            titre: `${issuerName(user)} vous a envoyé ${WITH_ARTICLE[invoice.type]} ${invoice.numero}`,
            lien: `/factures/${id}`,
          },
        );
      }
      const linkOnly = recipient === null;
      const result = { dejaEnvoyee: alreadySent, invitationEnvoyee: invitationToken !== null || linkOnly };
      if (alreadyThere && !invitationToken) return result;
      const details = {
        numero: invoice.numero,
        type: invoice.type,
        issuerName: issuerName(user),
        totalTtcCents: invoice.totalTtcCents,
        dateEcheance: invoice.dateEcheance,
      };
      const { appUrl } = this.ctx.config;
      await queueMail(
        linkOnly
          ? invoiceLinkEmail(
              email,
              details,
              invoiceLinkUrl(appUrl, this.ctx.invoiceLinks.sign({ invoiceId: id, email })),
            )
          : invitationToken
            ? invoiceInvitationEmail(email, details, `${appUrl}/invitation?token=${invitationToken}`)
            : invoiceReceivedEmail(email, details, `${appUrl}/factures/${id}`),
        user.id,
      );
      return result;
    });
    return { record: (await visibleInvoice(this.ctx.db, user, id)).record, ...outcome };
  }

  /**
   * E-mails the Factur-X PDF with the professional's message, replies going to them; the invoice
   * counts as sent from then on, and so is frozen (DESIGN §5).
   */
  async sendByEmail(
    user: UserRow,
    id: string,
    input: z.output<typeof sendInvoiceEmailSchema>,
  ): Promise<InvoiceRecord> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    // The PDF is drawn from the locked row, inside the transaction: what is attached is what was marked sent
    // and what every later download serves.
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await lockAsIssuer(tx, user, id);
      const changes = sentChanges(invoice, now);
      await updateInvoice(tx, id, changes);
      const document = invoiceDocument(invoice);
      await journalStatusChanges(tx, user.id, document, invoice, changes, now, { via: 'email' });
      await markIssued(tx, id, now, 'email');
      // The attachment is the original, fixed by this sending or an earlier one (issued-original.ts).
      const { pdf } = await issuedOriginal(tx, { ...invoice, ...changes }, { at: now, via: 'email' });
      await queueMail(
        invoiceByEmail({
          to: input.to,
          subject: input.subject,
          message: input.message,
          issuer: { name: `${user.prenom} ${user.nom}`.trim(), email: user.email },
          numero: invoice.numero,
          type: invoice.type,
          copie: isApprovedPlatformCopy(invoice),
          pdf,
          amount: { totalTtcCents: invoice.totalTtcCents, dateEcheance: invoice.dateEcheance },
          linkUrl: invoiceLinkUrl(
            this.ctx.config.appUrl,
            this.ctx.invoiceLinks.sign({ invoiceId: id, email: input.to }),
          ),
        }),
        user.id,
      );
    });
    return (await visibleInvoice(this.ctx.db, user, id)).record;
  }
}

/**
 * What sending (by e-mail or on the platform) does to the issuer's side: envoyée unless already paid,
 * and frozen from the first sending on. A cancelled invoice is never sent.
 */
export function sentChanges(invoice: InvoiceRow, now: Date): InvoiceChanges {
  // A conflict with the invoice's state, not a bad request: the same call on another invoice would work.
  if (invoice.issuerStatus === 'annulee') {
    throw new AppError(409, 'invoice_cancelled', MESSAGES.cancelledInvoiceNotSent);
  }
  return {
    issuerStatus: invoice.issuerStatus === 'payee' ? 'payee' : 'envoyee',
    sentAt: invoice.sentAt ?? now,
  };
}

/** The notification's words for what was received. */
const WITH_ARTICLE: Record<InvoiceType, string> = {
  facture: 'la facture',
  acompte: 'la facture d’acompte',
  avoir: 'l’avoir',
};

/** How the recipient knows the sender: their first and last names. */
const issuerName = (user: UserRow) => `${user.prenom} ${user.nom}`.trim();
