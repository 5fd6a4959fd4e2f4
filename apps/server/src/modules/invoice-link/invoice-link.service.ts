import {
  INVOICE_LINK_MESSAGES,
  type InvoiceLink,
  type InvoiceLinkAccountResponse,
  type invoiceLinkAccountRequestSchema,
  PASSWORD_POLICY_MESSAGE,
  passwordProblems,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { loginEvents } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { parisDate } from '../../lib/paris-date.js';
import { hashPassword } from '../../lib/password-hash.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { recordView } from '../invoices/invoice-view.js';
import { presentInvoice } from '../invoices/invoices.presenter.js';
import type { InvoiceRecord } from '../invoices/invoices.repo.js';
import { type InvoicePdf, invoicePdf } from '../invoices/issued-original.js';
import { userView } from '../users/user-view.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import { findLinkedInvoice, receiveWaitingInvoices } from './invoice-link.repo.js';
import type { InvoiceLinkClaims } from './invoice-link-token.js';

type AccountInput = z.output<typeof invoiceLinkAccountRequestSchema>;

/** One answer for every bad link (forged, altered, another's, invoice gone): nothing tells which. */
const linkNotFound = () => new AppError(404, 'invoice_link_not_found', INVOICE_LINK_MESSAGES.notFound);
const accountExists = () => new AppError(409, 'email_already_used', INVOICE_LINK_MESSAGES.accountExists);

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

  /**
   * A particulier account for the link's address, created only with the terms and the privacy notice
   * accepted (and when that is recorded); the address is proven by the link. It receives at once the
   * invoice and every other one sent to that address, and is signed in.
   */
  async createAccount(token: string, input: AccountInput, ip: string): Promise<InvoiceLinkAccountResponse> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.registerByIp, key: ip }]);
    const { claims } = await this.linked(token, ip);
    if (!input.accepteConditions) throw badRequest(INVOICE_LINK_MESSAGES.consentRequired);
    const problems = passwordProblems(input.password);
    if (problems.length > 0) throw badRequest(PASSWORD_POLICY_MESSAGE, { errors: problems });
    const passwordHash = await hashPassword(input.password);
    const now = this.ctx.clock.now();
    const user = await this.ctx.db.transaction(async (tx) => {
      if (await findUserByEmail(tx, claims.email)) throw accountExists();
      const created = await insertUser(tx, {
        email: claims.email,
        passwordHash,
        prenom: input.prenom,
        nom: input.nom,
        role: 'particulier',
        plan: 'gratuit',
        isAdmin: this.ctx.config.adminEmails.includes(claims.email),
        emailVerifiedAt: now,
        termsAcceptedAt: now,
        lastLoginAt: now,
      });
      // Another tab or request created it a moment ago.
      if (!created) throw accountExists();
      await tx.insert(loginEvents).values({ userId: created.id, ip, createdAt: now });
      await receiveWaitingInvoices(tx, created.id, claims.email, claims.invoiceId);
      return created;
    });
    const session = await this.ctx.sessions.sign({ userId: user.id, tokenVersion: user.tokenVersion }, now);
    return { user: await userView(this.ctx.db, user), token: session, factureId: claims.invoiceId };
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
