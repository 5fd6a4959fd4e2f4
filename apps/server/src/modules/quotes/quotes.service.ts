import {
  canAnswerQuote,
  counterpartReachable,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  formatDocumentNumber,
  isQuoteLocked,
  QUOTE_MESSAGES,
  QUOTE_STATUS_LABELS,
  type QuoteIssuerStatus,
  type QuoteStatuses,
  type quoteAnswerInputSchema,
  type quoteIssuerStatusInputSchema,
  quoteIssuerTransitions,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { QuoteRow, UserRow } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { publishEvents } from '../../lib/events/publish.js';
import { quoteStatusChanged } from '../../lib/events/quote-events.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { addDays, parisDate } from '../../lib/paris-date.js';
import { assertCounterpartReachable } from '../account/counterpart.guard.js';
import { ownedClient } from '../clients/owned-client.js';
import { renderQuotePdf } from '../invoices/document/quote-pdf.js';
import { assertIssuerCanInvoice } from '../invoices/invoice-legal.js';
import type { ViewerRole } from '../invoices/invoices.presenter.js';
import { lastSequence, takeNextSequence } from '../invoices/invoices.repo.js';
import { appendJournal } from '../journal/journal-append.js';
import { journalNumbered, journalStatusChanges, quoteDocument } from '../journal/journal-events.js';
import { documentMentionsOf } from '../legal-mentions/legal-mentions.service.js';
import { notify } from '../notifications/notify.js';
import { assertProfessional } from '../users/professional-guard.js';
import { lockQuoteAsIssuer, lockVisibleQuote, otherQuoteSide, visibleQuote } from './quote-access.js';
import { composeQuote, type QuoteInput, validityDate } from './quote-compose.js';
import { isPastValidity } from './quote-expiry.js';
import { recordQuoteView } from './quote-view.js';
import { deleteQuote, insertQuote, type QuoteChanges, type QuoteRecord, updateQuote } from './quotes.repo.js';

export const quoteLocked = (message: string = QUOTE_MESSAGES.locked) =>
  new AppError(409, 'quote_locked', message);
export const quoteExpired = () => new AppError(409, 'quote_expired', QUOTE_MESSAGES.expired);
const refusedTransition = (from: QuoteIssuerStatus, to: QuoteIssuerStatus) =>
  new AppError(
    409,
    'invalid_status_transition',
    `Changement de statut impossible : « ${QUOTE_STATUS_LABELS[from]} » vers « ${QUOTE_STATUS_LABELS[to]} ».`,
  );

/** Quotes (issue 15): DEV numbering, editing until answered, the two sides' statuses and the PDF. */
export class QuotesService {
  constructor(private readonly ctx: AppContext) {}

  /** The number the next quote will get (the wizard's recap). */
  async nextNumber(user: UserRow): Promise<string> {
    const year = Number(parisDate(this.ctx.clock.now()).slice(0, 4));
    return formatDocumentNumber('DEV', year, (await lastSequence(this.ctx.db, user.id, 'DEV', year)) + 1);
  }

  /** Opening a received quote for the first time marks it seen on the recipient's side. */
  async open(user: UserRow, id: string): Promise<{ record: QuoteRecord; role: ViewerRole }> {
    const { record, role } = await visibleQuote(this.ctx.db, user, id);
    if (role === 'destinataire' && record.quote.recipientStatus === 'non_vue') {
      await this.ctx.db.transaction((tx) => recordQuoteView(tx, record.quote, this.ctx.clock.now()));
      return visibleQuote(this.ctx.db, user, id);
    }
    return { record, role };
  }

  async create(user: UserRow, input: QuoteInput): Promise<QuoteRecord> {
    assertProfessional(user, 'créer un devis');
    if (!user.siret) {
      throw new AppError(
        400,
        'validation_error',
        'Vous devez configurer votre SIRET avant de créer un devis',
        {
          requiresSiret: true,
        },
      );
    }
    assertIssuerCanInvoice(user);
    const dateEmission = parisDate(this.ctx.clock.now());
    const year = Number(dateEmission.slice(0, 4));
    const dateValidite = validityDate(
      input.dateValidite,
      dateEmission,
      addDays(dateEmission, DEFAULT_QUOTE_VALIDITY_DAYS),
    );
    const id = await this.ctx.db.transaction(async (tx) => {
      const client = await ownedClient(tx, user, input.client);
      const saved = await documentMentionsOf(tx, user);
      const written = composeQuote(user, client, input, dateEmission, saved);
      const sequence = await takeNextSequence(tx, user.id, 'DEV', year);
      const created = await insertQuote(tx, {
        issuerId: user.id,
        numero: formatDocumentNumber('DEV', year, sequence),
        year,
        sequence,
        dateEmission,
        dateValidite,
        ...written,
      });
      await journalNumbered(tx, created, quoteDocument(created), this.ctx.clock.now());
      return created.id;
    });
    return (await visibleQuote(this.ctx.db, user, id)).record;
  }

  /** A full edit, until the quote is accepted, refused or invoiced. */
  async update(user: UserRow, id: string, input: QuoteInput): Promise<QuoteRecord> {
    await this.ctx.db.transaction(async (tx) => {
      const quote = await lockQuoteAsIssuer(tx, user, id);
      assertProfessional(user, 'modifier un devis');
      if (isQuoteLocked(quote.issuerStatus)) throw quoteLocked();
      assertIssuerCanInvoice(user);
      const today = parisDate(this.ctx.clock.now());
      const dateValidite = validityDate(input.dateValidite, today, quote.dateValidite);
      const client = await ownedClient(tx, user, input.client);
      const changes: QuoteChanges = {
        ...composeQuote(user, client, input, quote.dateEmission, quote.mentions, quote),
        dateValidite,
      };
      // Given a new validity date, an expired quote waits for its answer again.
      if (quote.issuerStatus === 'expiree' && !isPastValidity(dateValidite, this.ctx.clock.now())) {
        changes.issuerStatus = quote.sentAt ? 'envoyee' : 'creee';
      }
      await updateQuote(tx, id, changes);
      await journalStatusChanges(tx, user.id, quoteDocument(quote), quote, changes, this.ctx.clock.now());
      await publishEvents(tx, quoteStatusChanged({ ...quote, ...changes }, 'destinataire'));
    });
    return (await visibleQuote(this.ctx.db, user, id)).record;
  }

  /**
   * A quote that never went out is deleted for good (its number is not given again: the counter never
   * goes down); one a client may hold is kept.
   */
  async remove(user: UserRow, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const quote = await lockQuoteAsIssuer(tx, user, id);
      if (quote.sentAt !== null || quote.recipientId !== null) {
        throw quoteLocked(QUOTE_MESSAGES.sentNotDeletable);
      }
      if (isQuoteLocked(quote.issuerStatus)) throw quoteLocked();
      await deleteQuote(tx, id);
      // Its number was journalled: the journal says where it went.
      await appendJournal(tx, {
        issuerId: user.id,
        kind: 'annulation',
        document: quoteDocument(quote),
        at: this.ctx.clock.now(),
        details: { de: quote.issuerStatus, supprime: true },
      });
    });
  }

  async statuses(user: UserRow, id: string): Promise<QuoteStatuses> {
    const { record, role } = await visibleQuote(this.ctx.db, user, id);
    const { quote } = record;
    const issuer = role === 'emetteur';
    return {
      statutEmetteur: quote.issuerStatus,
      statutDestinataire: quote.recipientStatus,
      transitionsEmetteur: issuer ? quoteIssuerTransitions(quote.issuerStatus) : [],
      // An answer to an issuer who left would reach nobody (account/counterpart.guard.ts).
      peutRepondre: !issuer && this.canAnswer(quote) && counterpartReachable(record.parties.issuer),
      peutFacturer: issuer && quote.issuerStatus === 'acceptee',
    };
  }

  /** The recipient accepts or refuses on the platform, once, while the quote is out and valid. */
  async answer(
    user: UserRow,
    id: string,
    input: z.output<typeof quoteAnswerInputSchema>,
  ): Promise<QuoteRecord> {
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const { quote, role } = await lockVisibleQuote(tx, user, id);
      if (role !== 'destinataire') throw otherQuoteSide();
      if (!this.canAnswer(quote)) {
        if (quote.issuerStatus === 'expiree' || canAnswerQuote(quote.issuerStatus, quote.recipientStatus)) {
          throw quoteExpired();
        }
        throw new AppError(409, 'quote_answer_closed', QUOTE_MESSAGES.answerClosed);
      }
      // An issuer who closed the account, or was suspended, would never read the answer.
      await assertCounterpartReachable(tx, quote.issuerId);
      const target = input.statutDestinataire;
      const changes: QuoteChanges = {
        recipientStatus: target,
        issuerStatus: target,
        answeredAt: this.ctx.clock.now(),
        answerComment: input.commentaire,
        answeredOffPlatform: false,
      };
      await updateQuote(tx, id, changes);
      // The recipient's answer goes to the issuer's chain.
      const document = quoteDocument(quote);
      await journalStatusChanges(tx, quote.issuerId, document, quote, changes, this.ctx.clock.now());
      await publishEvents(tx, quoteStatusChanged({ ...quote, ...changes }, 'emetteur'));
      const answerer = `${user.prenom} ${user.nom}`.trim();
      await notify(
        { tx, queueMail, appUrl: this.ctx.config.appUrl },
        {
          userId: quote.issuerId,
          kind: target === 'acceptee' ? 'devis_accepte' : 'devis_refuse',
          titre: `${answerer} a ${target === 'acceptee' ? 'accepté' : 'refusé'} le devis ${quote.numero}`,
          lien: `/devis/${id}`,
        },
      );
    });
    return (await visibleQuote(this.ctx.db, user, id)).record;
  }

  /** The issuer marks the quote sent, or records an answer received outside the platform. */
  async setIssuerStatus(
    user: UserRow,
    id: string,
    input: z.output<typeof quoteIssuerStatusInputSchema>,
  ): Promise<QuoteRecord> {
    await this.ctx.db.transaction(async (tx) => {
      const quote = await lockQuoteAsIssuer(tx, user, id, otherQuoteSide);
      const target = input.statutEmetteur;
      if (quote.issuerStatus === target) return;
      if (!quoteIssuerTransitions(quote.issuerStatus).includes(target)) {
        throw refusedTransition(quote.issuerStatus, target);
      }
      const now = this.ctx.clock.now();
      // Marked sent or answered, it is in the client's hands: no deleting it any more.
      const changes: QuoteChanges = { issuerStatus: target, sentAt: quote.sentAt ?? now };
      if (target !== 'envoyee') {
        Object.assign(changes, {
          answeredAt: now,
          answerComment: input.commentaire,
          answeredOffPlatform: true,
        });
      }
      await updateQuote(tx, id, changes);
      await journalStatusChanges(tx, user.id, quoteDocument(quote), quote, changes, now, {
        horsPlateforme: target !== 'envoyee',
      });
      await publishEvents(tx, quoteStatusChanged({ ...quote, ...changes }, 'destinataire'));
    });
    return (await visibleQuote(this.ctx.db, user, id)).record;
  }

  /** The quote's PDF (DEVIS, « Bon pour accord »), for its issuer or its recipient. */
  async pdf(user: UserRow, id: string): Promise<{ numero: string; pdf: Buffer }> {
    const { record } = await visibleQuote(this.ctx.db, user, id);
    return { numero: record.quote.numero, pdf: await renderQuotePdf(this.ctx.db, record.quote) };
  }

  /** Out, unanswered, and still valid today (the expiry job may not have run yet). */
  private canAnswer(quote: QuoteRow): boolean {
    return (
      canAnswerQuote(quote.issuerStatus, quote.recipientStatus) &&
      !isPastValidity(quote.dateValidite, this.ctx.clock.now())
    );
  }
}
