import { QUOTE_MESSAGES, type sendInvoiceEmailSchema } from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { QuoteRow, UserRow } from '../../db/schema.js';
import { publishEvents } from '../../lib/events/publish.js';
import { quoteReceived } from '../../lib/events/quote-events.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import {
  quoteByEmail,
  quoteInvitationEmail,
  quoteLinkEmail,
  quoteReceivedEmail,
} from '../../lib/mail/templates.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { assertCounterpartReachable } from '../account/counterpart.guard.js';
import { renderQuotePdf } from '../invoices/document/quote-pdf.js';
import { findPlatformRecipient } from '../invoices/platform-recipient.js';
import { journalQuoteSent } from '../journal/journal-events.js';
import { quoteLinkUrl } from '../quote-link/quote-link-token.js';
import { lockQuoteAsIssuer, visibleQuote } from './quote-access.js';
import { isPastValidity } from './quote-expiry.js';
import { type QuoteChanges, type QuoteRecord, updateQuote } from './quotes.repo.js';
import { quoteExpired } from './quotes.service.js';

/**
 * Sending a quote, on the platform or by e-mail, as invoices are sent: the status change and the e-mail's
 * job are one transaction.
 */
export class QuoteSendingService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Puts the quote on Facturo for the client's address: an existing account receives it; an address without
   * one gets the quote's signed link, and no account is created before its owner accepts the terms there
   * (DESIGN §5). Without an account each sending e-mails the link again.
   */
  async sendInternal(
    user: UserRow,
    id: string,
  ): Promise<{ record: QuoteRecord; dejaEnvoyee: boolean; invitationEnvoyee: boolean }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    const outcome = await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const quote = await lockQuoteAsIssuer(tx, user, id);
      // Sent again to an account that left, or to a suspended one, it would reach nobody.
      await assertCounterpartReachable(tx, quote.recipientId);
      const sending = sentChanges(quote, now);
      const email = quote.clientSnapshot.email;
      const { recipient, invitationToken } = await findPlatformRecipient(
        tx,
        user,
        quote.clientSnapshot,
        now,
        QUOTE_MESSAGES.selfSend,
      );
      if (recipient) await assertCounterpartReachable(tx, recipient.id);
      const alreadyThere = recipient !== null && quote.recipientId === recipient.id;
      // Without an account the reader's side is the link's: a view it recorded stays.
      const changes: QuoteChanges = {
        ...sending,
        ...(recipient && !alreadyThere
          ? { recipientId: recipient.id, recipientStatus: 'non_vue' as const }
          : {}),
      };
      await updateQuote(tx, id, changes);
      await journalQuoteSent(tx, quote, changes, now, 'facturo', null);
      if (recipient && !alreadyThere) await publishEvents(tx, [quoteReceived(quote, recipient.id)]);
      const linkOnly = recipient === null;
      const result = { dejaEnvoyee: alreadyThere, invitationEnvoyee: invitationToken !== null || linkOnly };
      if (alreadyThere && !invitationToken) return result;
      const issuerName = `${user.prenom} ${user.nom}`.trim();
      const details = { numero: quote.numero, issuerName };
      const { appUrl } = this.ctx.config;
      await queueMail(
        linkOnly
          ? quoteLinkEmail(
              email,
              { ...details, totalTtcCents: quote.totalTtcCents, dateValidite: quote.dateValidite },
              quoteLinkUrl(appUrl, this.ctx.quoteLinks.sign({ quoteId: id, email })),
            )
          : invitationToken
            ? quoteInvitationEmail(email, details, `${appUrl}/invitation?token=${invitationToken}`)
            : quoteReceivedEmail(email, details, `${appUrl}/devis/${id}`),
        user.id,
      );
      return result;
    });
    return { record: (await visibleQuote(this.ctx.db, user, id)).record, ...outcome };
  }

  /** E-mails the quote's PDF with the professional's message, replies going to them. */
  async sendByEmail(
    user: UserRow,
    id: string,
    input: z.output<typeof sendInvoiceEmailSchema>,
  ): Promise<QuoteRecord> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const quote = await lockQuoteAsIssuer(tx, user, id);
      const changes = sentChanges(quote, now);
      await updateQuote(tx, id, changes);
      const pdf = await renderQuotePdf(tx, quote);
      await journalQuoteSent(tx, quote, changes, now, 'email', pdf);
      await queueMail(
        quoteByEmail({
          to: input.to,
          subject: input.subject,
          message: input.message,
          issuer: { name: `${user.prenom} ${user.nom}`.trim(), email: user.email },
          numero: quote.numero,
          pdf,
          linkUrl: quoteLinkUrl(
            this.ctx.config.appUrl,
            this.ctx.quoteLinks.sign({ quoteId: id, email: input.to }),
          ),
        }),
        user.id,
      );
    });
    return (await visibleQuote(this.ctx.db, user, id)).record;
  }
}

/**
 * What sending does to the issuer's side: a new quote becomes « envoyé » (an answered or invoiced one
 * keeps its status: sending it again is a copy); an expired one must get a new validity date first.
 */
function sentChanges(quote: QuoteRow, now: Date): QuoteChanges {
  const waiting = quote.issuerStatus === 'creee' || quote.issuerStatus === 'envoyee';
  if (quote.issuerStatus === 'expiree' || (waiting && isPastValidity(quote.dateValidite, now))) {
    throw quoteExpired();
  }
  return {
    issuerStatus: quote.issuerStatus === 'creee' ? 'envoyee' : quote.issuerStatus,
    sentAt: quote.sentAt ?? now,
  };
}
