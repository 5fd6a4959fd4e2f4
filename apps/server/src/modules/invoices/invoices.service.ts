import {
  type DocumentLife,
  formatInvoiceNumber,
  type InvoiceStatuses,
  type IssuerStatus,
  type invoiceInputSchema,
  isLocked,
  issuerTransitions,
  MESSAGES,
  payeeRefused,
  type RecipientStatus,
  recipientTransitions,
  STATUS_LABELS,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { InvoiceRow, UserRow } from '../../db/schema.js';
import { AppError, notFound } from '../../lib/errors.js';
import { invoiceStatusChanged } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import { isUuid } from '../../lib/ids.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { parisDate } from '../../lib/paris-date.js';
import { ownedClient } from '../clients/owned-client.js';
import { appendJournal } from '../journal/journal-append.js';
import { invoiceDocument, journalNumbered, journalStatusChanges } from '../journal/journal-events.js';
import { documentMentionsFrom } from '../legal-mentions/legal-mentions.service.js';
import { CANCELLED_BEFORE_SENDING } from '../numbers-register/cancel-reasons.js';
import { declarePayment } from '../payments/payment-declaration.js';
import { settleRemainder } from '../payments/payment-settlement.js';
import { assertInvoiceQuota, limitsOf } from '../subscription/quotas.js';
import { assertProfessional } from '../users/professional-guard.js';
import { creditNoteLocked } from './credit-notes.js';
import { markIssued } from './document-life.repo.js';
import { invoiceNotFound, lockAsIssuer, lockVisibleInvoice, visibleInvoice } from './invoice-access.js';
import { composeInvoice } from './invoice-compose.js';
import { findClientWithMentions } from './invoice-creation.repo.js';
import { assertIssuerCanInvoice } from './invoice-legal.js';
import { lifeOfInvoice } from './invoice-life.js';
import { insertNumberedInvoiceQueued } from './invoice-numbering-queue.js';
import { findVisibleInvoiceWithOriginal } from './invoice-pdf.repo.js';
import { recordView } from './invoice-view.js';
import type { ViewerRole } from './invoices.presenter.js';
import {
  type InvoiceChanges,
  type InvoiceRecord,
  insertInvoice,
  lastSequence,
  takeNextSequence,
  updateInvoice,
} from './invoices.repo.js';
import { hasOriginal, type InvoicePdf, invoicePdf } from './issued-original.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

const locked = () =>
  new AppError(
    409,
    'invoice_locked',
    'Cette facture a été envoyée ou payée : elle ne peut plus être modifiée ni supprimée. Pour la corriger, émettez un avoir.',
  );
const otherSide = () =>
  new AppError(403, 'forbidden', 'Chaque partie ne peut modifier que son propre statut de la facture.');
/** Its own case: "sent or paid" would be wrong, and a cancelled invoice is neither. */
const cancelled = () => new AppError(409, 'invoice_cancelled', MESSAGES.invoiceCancelled);
/** Why an issuer cannot edit or delete this invoice any more, if it cannot. */
function assertEditable(invoice: InvoiceRow): void {
  if (invoice.type === 'avoir') throw creditNoteLocked();
  if (invoice.issuerStatus === 'annulee') throw cancelled();
  if (isLocked(lockState(invoice))) throw locked();
}
const refusedTransition = (from: string, to: string) =>
  new AppError(
    409,
    'invalid_status_transition',
    `Changement de statut impossible : « ${STATUS_LABELS[from as IssuerStatus] ?? from} » vers « ${STATUS_LABELS[to as IssuerStatus] ?? to} ».`,
  );

/**
 * What the issuer may set. A credit note is issued as written: it may be marked sent, never turned back
 * into a draft (issue 15), nor « payée »; an issued invoice is « payée » only while payable (its life).
 */
function issuerTransitionsOf(invoice: InvoiceRow, life: DocumentLife): IssuerStatus[] {
  const transitions = issuerTransitions({ ...lockState(invoice), type: invoice.type, life });
  return invoice.type === 'avoir' ? transitions.filter((status) => status === 'envoyee') : transitions;
}

/** « Payée » refused by the invoice's life: said in its own words rather than as a bare transition. */
const notPayable = (life: DocumentLife, type: InvoiceRow['type']) =>
  new AppError(
    409,
    'invoice_not_payable',
    type === 'avoir'
      ? 'Un avoir ne se marque pas comme payé : il se rembourse ou s’impute sur une facture.'
      : `Cette facture ne peut pas être marquée comme payée : elle est « ${life.libelle} ».`,
  );

function lockState(invoice: InvoiceRow) {
  return {
    statutEmetteur: invoice.issuerStatus,
    sent: invoice.sentAt !== null,
    paid: invoice.paidAt !== null,
  };
}

/** Invoices: numbering, lifecycle and the two-sided statuses (DESIGN §5). */
export class InvoicesService {
  constructor(private readonly ctx: AppContext) {}

  /** Opening a received invoice for the first time marks it seen on both sides (invoice-view.ts). */
  async open(user: UserRow, id: string): Promise<{ record: InvoiceRecord; role: ViewerRole }> {
    const { record, role } = await visibleInvoice(this.ctx.db, user, id);
    const { invoice } = record;
    if (role === 'destinataire' && (invoice.recipientStatus === 'non_vue' || invoice.viewedAt === null)) {
      await this.ctx.db.transaction(async (tx) => {
        await recordView(tx, invoice, this.ctx.clock.now());
      });
      return visibleInvoice(this.ctx.db, user, id);
    }
    return { record, role };
  }

  async nextNumber(user: UserRow): Promise<string> {
    const year = this.currentYear();
    return formatInvoiceNumber(year, (await lastSequence(this.ctx.db, user.id, 'FAC', year)) + 1);
  }

  async create(user: UserRow, input: InvoiceInput): Promise<InvoiceRecord> {
    assertProfessional(user, 'créer une facture');
    if (!user.siret) {
      throw new AppError(
        400,
        'validation_error',
        'Vous devez configurer votre SIRET avant de créer une facture',
        {
          requiresSiret: true,
        },
      );
    }
    assertIssuerCanInvoice(user);
    const now = this.ctx.clock.now();
    const dateEmission = parisDate(now);
    const year = Number(dateEmission.slice(0, 4));
    // Issue 16: the fewest round trips the rules allow. The client and the saved mentions in one read
    // (no lock is needed on either, in or out of a transaction).
    const found = isUuid(input.client)
      ? await findClientWithMentions(this.ctx.db, user.id, input.client)
      : undefined;
    if (!found) throw notFound('Client introuvable.');
    const written = composeInvoice(
      user,
      found.client,
      input,
      dateEmission,
      documentMentionsFrom(found.mentions, user),
    );
    const values = {
      issuerId: user.id,
      dateEmission,
      ...written,
      issuerStatus: input.statut ?? 'creee',
    } as const;
    // Unlimited plans: the counter and the insert are one statement, atomic on its own. A monthly quota
    // must be counted after the counter's lock and before the insert: a transaction of three statements.
    const invoice =
      limitsOf(user).facturesParMois === null
        ? await insertNumberedInvoiceQueued(this.ctx.db, values, year, now)
        : await this.ctx.db.transaction(async (tx) => {
            const sequence = await takeNextSequence(tx, user.id, 'FAC', year);
            // After the counter lock: concurrent creations are counted one after the other.
            await assertInvoiceQuota(tx, user, now);
            const created = await insertInvoice(tx, {
              ...values,
              numero: formatInvoiceNumber(year, sequence),
              year,
              sequence,
            });
            await journalNumbered(tx, created, invoiceDocument(created), now);
            return created;
          });
    // A new invoice has no recipient nor credit notes yet: the inserted row is the whole record.
    return { invoice, recipient: null, credits: [] };
  }

  /** A full edit, only while the invoice has never been sent nor paid. */
  async update(user: UserRow, id: string, input: InvoiceInput): Promise<InvoiceRecord> {
    await this.ctx.db.transaction(async (tx) => {
      // Whose invoice first: a particulier recipient is told it is not theirs, not to turn professional.
      const invoice = await lockAsIssuer(tx, user, id);
      assertProfessional(user, 'modifier une facture');
      assertEditable(invoice);
      assertIssuerCanInvoice(user);
      const client = await ownedClient(tx, user, input.client);
      // Still a draft: it takes the issuer's and client's current details, and keeps its own mentions.
      await updateInvoice(tx, id, {
        ...composeInvoice(user, client, input, invoice.dateEmission, invoice.mentions, invoice),
        ...(input.statut ? { issuerStatus: input.statut } : {}),
      });
      if (input.statut) {
        const document = invoiceDocument(invoice);
        const changes = { issuerStatus: input.statut };
        await journalStatusChanges(tx, user.id, document, invoice, changes, this.ctx.clock.now());
      }
    });
    return (await visibleInvoice(this.ctx.db, user, id)).record;
  }

  /**
   * « Supprimer » on an unsent invoice cancels it: the row stays in the register as `annulee` and the
   * counter never goes down, since a number once given may already be on a PDF in a client's hands and
   * French practice gives an invoice number once (DESIGN §5). Sent or paid ones are refused (a credit note).
   */
  async remove(user: UserRow, id: string, reason?: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const invoice = await lockAsIssuer(tx, user, id);
      assertEditable(invoice);
      // Why this number holds no sale, for the numbers register (the user's words if given).
      const cancelReason = reason?.trim() || CANCELLED_BEFORE_SENDING;
      await updateInvoice(tx, id, { issuerStatus: 'annulee', cancelReason });
      await appendJournal(tx, {
        issuerId: user.id,
        kind: 'annulation',
        document: invoiceDocument(invoice),
        at: this.ctx.clock.now(),
        details: { de: invoice.issuerStatus, vers: 'annulee' },
      });
    });
  }

  async statuses(user: UserRow, id: string): Promise<InvoiceStatuses> {
    const { record, role } = await visibleInvoice(this.ctx.db, user, id);
    const { invoice } = record;
    if (role === 'emetteur') {
      const life = await lifeOfInvoice(this.ctx.db, invoice, 'emetteur', parisDate(this.ctx.clock.now()));
      const transitions = issuerTransitionsOf(invoice, life);
      return {
        statutEmetteur: invoice.issuerStatus,
        statutDestinataire: null,
        canModifyEmetteur: transitions.length > 0,
        canModifyDestinataire: false,
        transitions,
      };
    }
    const transitions = recipientTransitions(invoice.recipientStatus, invoice.issuerStatus);
    return {
      statutEmetteur: null,
      statutDestinataire: invoice.recipientStatus,
      canModifyEmetteur: false,
      canModifyDestinataire: transitions.length > 0,
      transitions,
    };
  }

  async setIssuerStatus(user: UserRow, id: string, target: IssuerStatus): Promise<InvoiceRecord> {
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await lockAsIssuer(tx, user, id, otherSide);
      if (invoice.issuerStatus === target) return;
      const now = this.ctx.clock.now();
      const life = await lifeOfInvoice(tx, invoice, 'emetteur', parisDate(now));
      if (!issuerTransitionsOf(invoice, life).includes(target)) {
        if (target === 'payee' && payeeRefused({ type: invoice.type, life }))
          throw notPayable(life, invoice.type);
        throw refusedTransition(invoice.issuerStatus, target);
      }
      // Issue 17: « payée » on an invoice or deposit is a confirmed payment of what remains (the status
      // follows from it); a credit note marked « payée » is refunded, and takes no payment.
      if (target === 'payee' && invoice.type !== 'avoir') {
        await settleRemainder(
          tx,
          invoice,
          now,
          { queueMail, appUrl: this.ctx.config.appUrl },
          this.ctx.platformJobs,
        );
        return;
      }
      const changes: InvoiceChanges = { issuerStatus: target };
      if (target === 'envoyee') changes.sentAt = invoice.sentAt ?? now;
      if (target === 'payee') changes.paidAt = invoice.paidAt ?? now;
      await updateInvoice(tx, id, changes);
      // Marked sent by hand: issued now, unless a sending issued it before (the first channel stays).
      if (target === 'envoyee') await markIssued(tx, id, now, 'marquee');
      await journalStatusChanges(tx, user.id, invoiceDocument(invoice), invoice, changes, now);
      await publishEvents(tx, invoiceStatusChanged({ ...invoice, ...changes }, 'destinataire'));
    });
    return (await visibleInvoice(this.ctx.db, user, id)).record;
  }

  /**
   * The recipient's « payée » (SPEC §4). Issue 17: a payment declared by the client, counted once the
   * issuer confirms it (payments module), so the invoice is not marked paid here.
   */
  async setRecipientStatus(user: UserRow, id: string, target: RecipientStatus): Promise<InvoiceRecord> {
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const { invoice, role } = await lockVisibleInvoice(tx, user, id);
      if (role !== 'destinataire') throw otherSide();
      if (invoice.recipientStatus === target) return;
      if (!recipientTransitions(invoice.recipientStatus, invoice.issuerStatus).includes(target)) {
        throw refusedTransition(invoice.recipientStatus, target);
      }
      await updateInvoice(tx, id, { recipientStatus: target });
      // The recipient's action goes to the issuer's chain.
      const document = invoiceDocument(invoice);
      const changes = { recipientStatus: target };
      await journalStatusChanges(tx, invoice.issuerId, document, invoice, changes, this.ctx.clock.now());
      if (target === 'payee' && invoice.type !== 'avoir' && invoice.paidAt === null) {
        const deps = { tx, queueMail, appUrl: this.ctx.config.appUrl, now: this.ctx.clock.now() };
        await declarePayment(deps, invoice, user);
      }
      await publishEvents(tx, invoiceStatusChanged({ ...invoice, recipientStatus: target }, 'emetteur'));
    });
    return (await visibleInvoice(this.ctx.db, user, id)).record;
  }

  /** The Factur-X PDF, for the issuer or the recipient only: the stored original once issued. */
  async pdf(user: UserRow, id: string): Promise<InvoicePdf> {
    const found = isUuid(id) ? await findVisibleInvoiceWithOriginal(this.ctx.db, user.id, id) : undefined;
    if (!found) throw invoiceNotFound();
    // A frozen invoice's stored original, as invoicePdf would serve it, without reading it again.
    if (found.original && hasOriginal(found.invoice)) {
      return { numero: found.invoice.numero, ...found.original };
    }
    return invoicePdf(this.ctx.db, found.invoice, this.ctx.clock.now());
  }

  private currentYear(): number {
    return Number(parisDate(this.ctx.clock.now()).slice(0, 4));
  }
}
