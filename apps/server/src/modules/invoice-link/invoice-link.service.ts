import { INVOICE_LINK_MESSAGES, type InvoiceLink, type InvoiceLinkAccountResponse } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { recordView } from '../invoices/invoice-view.js';
import { presentInvoice } from '../invoices/invoices.presenter.js';
import type { InvoiceRecord } from '../invoices/invoices.repo.js';
import { type InvoicePdf, invoicePdf } from '../invoices/issued-original.js';
import { createLinkAccount, type LinkAccountInput } from '../signed-link/link-account.js';
import { findUserByEmail } from '../users/users.repo.js';
import { findLinkedInvoice } from './invoice-link.repo.js';
import type { InvoiceLinkClaims } from './invoice-link-token.js';

/** One answer for every bad link (forged, altered, another's, invoice gone): nothing tells which. */
const linkNotFound = () => new AppError(404, 'invoice_link_not_found', INVOICE_LINK_MESSAGES.notFound);

/**
 * An invoice's signed link (DESIGN §5): its recipient reads it, downloads its original and may create a
 * particulier account, without signing in. Every call is limited per address, as the public forms.
 */
export class InvoiceLinkService {
  constructor(private readonly ctx: AppContext) {}

  /** The invoice as its recipient sees it; the first opening is recorded as « vue ». */
  async view(token: string, ip: string): Promise<InvoiceLink> {
    const { claims, record } = await this.linked(token, ip);
    const now = this.ctx.clock.now();
    if (record.invoice.viewedAt === null) {
      await this.ctx.db.transaction((tx) => recordView(tx, record.invoice, now));
      // Read again: the answer shows the view it just recorded.
      return this.present(claims, (await findLinkedInvoice(this.ctx.db, record.invoice.id)) ?? record, now);
    }
    return this.present(claims, record, now);
  }

  /** The issued original, the very bytes the e-mail's sending fixed. */
  async pdf(token: string, ip: string): Promise<InvoicePdf> {
    const { record } = await this.linked(token, ip);
    return invoicePdf(this.ctx.db, record.invoice, this.ctx.clock.now());
  }

  /** The account the link offers (link-account.ts), then found on this invoice. */
  async createAccount(
    token: string,
    input: LinkAccountInput,
    ip: string,
  ): Promise<InvoiceLinkAccountResponse> {
    const { claims } = await this.linked(token, ip);
    const session = await createLinkAccount(
      this.ctx,
      { email: claims.email, document: { invoiceId: claims.invoiceId } },
      input,
      ip,
      INVOICE_LINK_MESSAGES.accountExists,
    );
    return { ...session, factureId: claims.invoiceId };
  }

  /** The link's claims and its invoice, or the one 404 of every bad link. */
  private async linked(
    token: string,
    ip: string,
  ): Promise<{ claims: InvoiceLinkClaims; record: InvoiceRecord }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceLinkByIp, key: ip }]);
    const claims = this.ctx.invoiceLinks.read(token);
    if (!claims) throw linkNotFound();
    const record = await findLinkedInvoice(this.ctx.db, claims.invoiceId);
    if (!record) throw linkNotFound();
    return { claims, record };
  }

  private async present(claims: InvoiceLinkClaims, record: InvoiceRecord, now: Date): Promise<InvoiceLink> {
    const facture = presentInvoice(record, 'destinataire', parisDate(now));
    const account = await findUserByEmail(this.ctx.db, claims.email);
    return {
      facture,
      paiement: { iban: facture.emetteur.iban, bic: facture.emetteur.bic, reference: facture.numero },
      email: claims.email,
      compteExistant: account !== undefined && account.deletedAt === null,
    };
  }
}
