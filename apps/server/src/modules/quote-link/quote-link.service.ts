import { QUOTE_LINK_MESSAGES, type QuoteLink, type QuoteLinkAccountResponse } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { renderQuotePdf } from '../invoices/document/quote-pdf.js';
import { recordQuoteView } from '../quotes/quote-view.js';
import { presentOneQuote } from '../quotes/quotes.presenter.js';
import { findSentQuote, type QuoteRecord } from '../quotes/quotes.repo.js';
import { createLinkAccount, type LinkAccountInput } from '../signed-link/link-account.js';
import { findUserByEmail } from '../users/users.repo.js';
import type { QuoteLinkClaims } from './quote-link-token.js';

/** One answer for every bad link (forged, altered, an invoice's, quote gone): nothing tells which. */
const linkNotFound = () => new AppError(404, 'quote_link_not_found', QUOTE_LINK_MESSAGES.notFound);

/**
 * A quote's signed link (DESIGN §5, as an invoice's): its recipient reads it and its PDF and may create a
 * particulier account, without signing in. Answering the quote is done in that account. Every call is
 * limited per address, as the invoices' links.
 */
export class QuoteLinkService {
  constructor(private readonly ctx: AppContext) {}

  /** The quote as its recipient sees it; the first opening is recorded as « vue » for the issuer. */
  async view(token: string, ip: string): Promise<QuoteLink> {
    const { claims, record } = await this.linked(token, ip);
    if (record.quote.recipientStatus === 'non_vue') {
      await this.ctx.db.transaction((tx) => recordQuoteView(tx, record.quote, this.ctx.clock.now()));
      // Read again: the answer shows the view it just recorded.
      return this.present(claims, (await findSentQuote(this.ctx.db, record.quote.id)) ?? record);
    }
    return this.present(claims, record);
  }

  /** The quote's PDF, as its parties download it. */
  async pdf(token: string, ip: string): Promise<{ numero: string; pdf: Buffer }> {
    const { record } = await this.linked(token, ip);
    return { numero: record.quote.numero, pdf: await renderQuotePdf(this.ctx.db, record.quote) };
  }

  /** The account the link offers (link-account.ts), then found on this quote. */
  async createAccount(token: string, input: LinkAccountInput, ip: string): Promise<QuoteLinkAccountResponse> {
    const { claims } = await this.linked(token, ip);
    const session = await createLinkAccount(
      this.ctx,
      { email: claims.email, document: { quoteId: claims.quoteId } },
      input,
      ip,
      QUOTE_LINK_MESSAGES.accountExists,
    );
    return { ...session, devisId: claims.quoteId };
  }

  /** The link's claims and its quote, or the one 404 of every bad link. */
  private async linked(token: string, ip: string): Promise<{ claims: QuoteLinkClaims; record: QuoteRecord }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.quoteLinkByIp, key: ip }]);
    const claims = this.ctx.quoteLinks.read(token);
    if (!claims) throw linkNotFound();
    const record = await findSentQuote(this.ctx.db, claims.quoteId);
    if (!record) throw linkNotFound();
    return { claims, record };
  }

  private async present(claims: QuoteLinkClaims, record: QuoteRecord): Promise<QuoteLink> {
    const account = await findUserByEmail(this.ctx.db, claims.email);
    return {
      devis: await presentOneQuote(this.ctx.db, record, 'destinataire'),
      email: claims.email,
      compteExistant: account !== undefined && account.deletedAt === null,
    };
  }
}
