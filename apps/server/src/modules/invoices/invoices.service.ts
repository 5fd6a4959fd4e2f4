import {
  formatInvoiceNumber,
  type InvoiceStatuses,
  type IssuerStatus,
  type invoiceInputSchema,
  isLocked,
  issuedMatchesFilter,
  issuerTransitions,
  MESSAGES,
  type RecipientStatus,
  receivedMatchesFilter,
  recipientTransitions,
  STATUS_LABELS,
  type StatusFilter,
  type sendInvoiceEmailSchema,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { ClientRow, InvoiceRow, UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { DAY_MS } from '../../lib/clock.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { transactionWithMail } from '../../lib/mail/mail-queue.js';
import { invoiceByEmail, invoiceInvitationEmail, invoiceReceivedEmail } from '../../lib/mail/templates.js';
import { parisDate } from '../../lib/paris-date.js';
import { RATE_LIMITS } from '../../lib/rate-limit.js';
import { addEmailToken, issueEmailToken } from '../auth/email-tokens.repo.js';
import { findClient } from '../clients/clients.repo.js';
import { legalMentionsOf } from '../legal-mentions/legal-mentions.service.js';
import { assertInvoiceQuota } from '../subscription/quotas.js';
import { assertProfessional } from '../users/professional-guard.js';
import { findUserByEmail, insertUser } from '../users/users.repo.js';
import { invoiceDocument } from './document/invoice-document.js';
import { renderInvoicePdf } from './document/pdf-pool.js';
import { draftInvoice } from './invoice-draft.js';
import type { ViewerRole } from './invoices.presenter.js';
import {
  deleteInvoice,
  findVisibleInvoice,
  type InvoiceChanges,
  type InvoiceRecord,
  insertInvoice,
  lastSequence,
  listForClient,
  listIssued,
  listReceived,
  lockInvoice,
  setLastSequence,
  takeNextSequence,
  updateInvoice,
} from './invoices.repo.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

/** An invited recipient has a week to choose a password. */
const INVITATION_TTL_MS = 7 * DAY_MS;

const invoiceNotFound = () => notFound('Facture non trouvée');
const locked = () =>
  new AppError(
    409,
    'invoice_locked',
    'Cette facture a été envoyée ou payée : elle ne peut plus être modifiée ni supprimée. Pour la corriger, émettez un avoir.',
  );
const otherSide = () =>
  new AppError(403, 'forbidden', 'Chaque partie ne peut modifier que son propre statut de la facture.');
/** A recipient reaching for the issuer's actions (edit, delete, send): said plainly, not as a status matter. */
const notIssuer = () => new AppError(403, 'not_issuer', MESSAGES.notIssuer);
/** Its own case: "sent or paid" would be wrong, and a cancelled invoice is neither. */
const cancelled = () => new AppError(409, 'invoice_cancelled', MESSAGES.invoiceCancelled);
/** Why an issuer cannot edit or delete this invoice any more, if it cannot. */
function assertEditable(invoice: InvoiceRow): void {
  if (invoice.issuerStatus === 'annulee') throw cancelled();
  if (isLocked(lockState(invoice))) throw locked();
}
const refusedTransition = (from: string, to: string) =>
  new AppError(
    409,
    'invalid_status_transition',
    `Changement de statut impossible : « ${STATUS_LABELS[from as IssuerStatus] ?? from} » vers « ${STATUS_LABELS[to as IssuerStatus] ?? to} ».`,
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

  async listIssued(user: UserRow, filter: StatusFilter | null): Promise<InvoiceRecord[]> {
    const records = await listIssued(this.ctx.db, user.id);
    return records.filter(({ invoice }) => issuedMatchesFilter(invoice.issuerStatus, filter));
  }

  async listReceived(user: UserRow, filter: StatusFilter | null): Promise<InvoiceRecord[]> {
    const records = await listReceived(this.ctx.db, user.id);
    return records.filter(({ invoice }) => receivedMatchesFilter(invoice.recipientStatus, filter));
  }

  async listForClient(user: UserRow, clientId: string): Promise<InvoiceRecord[]> {
    assertProfessional(user, 'gérer des clients');
    if (!isUuid(clientId) || !(await findClient(this.ctx.db, user.id, clientId))) {
      throw notFound('Client introuvable.');
    }
    const records = await listForClient(this.ctx.db, user.id, clientId);
    return records.filter(({ invoice }) => issuedMatchesFilter(invoice.issuerStatus, null));
  }

  /** Opening a received invoice for the first time marks it seen on the recipient's side. */
  async open(user: UserRow, id: string): Promise<{ record: InvoiceRecord; role: ViewerRole }> {
    const { record, role } = await this.visible(user, id);
    if (role === 'destinataire' && record.invoice.recipientStatus === 'non_vue') {
      await updateInvoice(this.ctx.db, id, { recipientStatus: 'vue' });
      return this.visible(user, id);
    }
    return { record, role };
  }

  async nextNumber(user: UserRow): Promise<string> {
    const year = this.currentYear();
    return formatInvoiceNumber(year, (await lastSequence(this.ctx.db, user.id, year)) + 1);
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
    const dateEmission = parisDate(this.ctx.clock.now());
    const draft = draftInvoice(input, dateEmission);
    const year = Number(dateEmission.slice(0, 4));
    const id = await this.ctx.db.transaction(async (tx) => {
      const client = await this.ownedClient(tx, user, input.client);
      const mentions = await legalMentionsOf(tx, user);
      const sequence = await takeNextSequence(tx, user.id, year);
      // After the counter lock: concurrent creations are counted one after the other.
      await assertInvoiceQuota(tx, user, this.ctx.clock.now());
      const created = await insertInvoice(tx, {
        issuerId: user.id,
        clientId: client.id,
        numero: formatInvoiceNumber(year, sequence),
        year,
        sequence,
        dateEmission,
        ...draft,
        objet: input.objet,
        issuerStatus: input.statut ?? 'creee',
        issuerSnapshot: issuerSnapshot(user),
        clientSnapshot: clientSnapshot(client),
        mentions: { ...stripMeta(mentions), ...input.mentionsLegales },
      });
      return created.id;
    });
    return (await this.visible(user, id)).record;
  }

  /** A full edit, only while the invoice has never been sent nor paid. */
  async update(user: UserRow, id: string, input: InvoiceInput): Promise<InvoiceRecord> {
    await this.ctx.db.transaction(async (tx) => {
      // Whose invoice first: a particulier recipient is told it is not theirs, not to turn professional.
      const invoice = await this.lockAsIssuer(tx, user, id);
      assertProfessional(user, 'modifier une facture');
      assertEditable(invoice);
      const draft = draftInvoice(input, invoice.dateEmission);
      const client = await this.ownedClient(tx, user, input.client);
      await updateInvoice(tx, id, {
        clientId: client.id,
        ...draft,
        objet: input.objet,
        ...(input.statut ? { issuerStatus: input.statut } : {}),
        // Still a draft: it takes the issuer's and client's current details.
        issuerSnapshot: issuerSnapshot(user),
        clientSnapshot: clientSnapshot(client),
        mentions: { ...invoice.mentions, ...input.mentionsLegales },
      });
    });
    return (await this.visible(user, id)).record;
  }

  /**
   * Deleting the invoice that holds the last number gives the number back; an older one stays in the
   * register as cancelled, so the numbering never has a gap (DESIGN §5).
   */
  async remove(user: UserRow, id: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      const invoice = await this.lockAsIssuer(tx, user, id);
      assertEditable(invoice);
      const last = await lastSequence(tx, user.id, invoice.year, true);
      if (invoice.sequence === last) {
        await deleteInvoice(tx, id);
        await setLastSequence(tx, user.id, invoice.year, last - 1);
      } else {
        await updateInvoice(tx, id, { issuerStatus: 'annulee' });
      }
    });
  }

  async statuses(user: UserRow, id: string): Promise<InvoiceStatuses> {
    const { record, role } = await this.visible(user, id);
    const { invoice } = record;
    if (role === 'emetteur') {
      const transitions = issuerTransitions(lockState(invoice));
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
    await this.ctx.db.transaction(async (tx) => {
      const invoice = await this.lockAsIssuer(tx, user, id, otherSide);
      if (invoice.issuerStatus === target) return;
      if (!issuerTransitions(lockState(invoice)).includes(target)) {
        throw refusedTransition(invoice.issuerStatus, target);
      }
      const now = this.ctx.clock.now();
      const changes: InvoiceChanges = { issuerStatus: target };
      if (target === 'envoyee') changes.sentAt = invoice.sentAt ?? now;
      if (target === 'payee') changes.paidAt = invoice.paidAt ?? now;
      await updateInvoice(tx, id, changes);
    });
    return (await this.visible(user, id)).record;
  }

  async setRecipientStatus(user: UserRow, id: string, target: RecipientStatus): Promise<InvoiceRecord> {
    await this.ctx.db.transaction(async (tx) => {
      const { invoice, role } = await this.lockVisible(tx, user, id);
      if (role !== 'destinataire') throw otherSide();
      if (invoice.recipientStatus === target) return;
      if (!recipientTransitions(invoice.recipientStatus, invoice.issuerStatus).includes(target)) {
        throw refusedTransition(invoice.recipientStatus, target);
      }
      await updateInvoice(tx, id, {
        recipientStatus: target,
        paidAt: invoice.paidAt ?? this.ctx.clock.now(),
      });
    });
    return (await this.visible(user, id)).record;
  }

  /**
   * Puts the invoice on the platform for the client's e-mail address: an existing account receives
   * it, otherwise a particulier account is created and invited to choose a password (DESIGN §5).
   */
  async sendInternal(
    user: UserRow,
    id: string,
  ): Promise<{ record: InvoiceRecord; dejaEnvoyee: boolean; invitationEnvoyee: boolean }> {
    await this.ctx.rateLimiter.hit([{ rule: RATE_LIMITS.invoiceMailsByUser, key: user.id }]);
    const now = this.ctx.clock.now();
    const outcome = await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await this.lockAsIssuer(tx, user, id);
      const sending = sentChanges(invoice, now);
      const email = invoice.clientSnapshot.email;
      if (email === user.email) throw badRequest('Vous ne pouvez pas vous envoyer une facture à vous-même.');
      let recipient = await findUserByEmail(tx, email);
      let invitationToken: string | null = null;
      if (!recipient) {
        recipient = await insertUser(tx, {
          email,
          passwordHash: null,
          nom: invoice.clientSnapshot.nom,
          prenom: '',
          role: 'particulier',
          plan: 'gratuit',
        });
        if (!recipient) throw new AppError(409, 'conflict', 'Envoi simultané détecté, veuillez réessayer.');
        invitationToken = await issueEmailToken(tx, recipient.id, 'reset_password', now, INVITATION_TTL_MS);
      } else if (!recipient.passwordHash) {
        // Invited before and not signed up yet: a fresh link, since the old one may have expired; the
        // old one keeps working until it expires or a link is used, so no e-mail in hand goes stale.
        invitationToken = await addEmailToken(tx, recipient.id, 'reset_password', now, INVITATION_TTL_MS);
      }
      const alreadyThere = invoice.recipientId === recipient.id;
      await updateInvoice(tx, id, {
        recipientId: recipient.id,
        ...sending,
        ...(alreadyThere ? {} : { recipientStatus: 'non_vue' as const }),
      });
      const result = { dejaEnvoyee: alreadyThere, invitationEnvoyee: invitationToken !== null };
      if (alreadyThere && !invitationToken) return result;
      const details = { numero: invoice.numero, issuerName: `${user.prenom} ${user.nom}`.trim() };
      const { appUrl } = this.ctx.config;
      await queueMail(
        invitationToken
          ? invoiceInvitationEmail(
              email,
              details,
              `${appUrl}/reset-password-confirm?token=${invitationToken}`,
            )
          : invoiceReceivedEmail(email, details, `${appUrl}/factures/${id}`),
      );
      return result;
    });
    return { record: (await this.visible(user, id)).record, ...outcome };
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
    // The PDF is drawn from the locked row, inside the transaction: what is attached is what was marked sent.
    await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await this.lockAsIssuer(tx, user, id);
      await updateInvoice(tx, id, sentChanges(invoice, now));
      const pdf = await renderInvoicePdf(invoiceDocument(invoice));
      await queueMail(
        invoiceByEmail({
          to: input.to,
          subject: input.subject,
          message: input.message,
          issuer: { name: `${user.prenom} ${user.nom}`.trim(), email: user.email },
          numero: invoice.numero,
          pdf,
        }),
      );
    });
    return (await this.visible(user, id)).record;
  }

  /** The Factur-X PDF, for the issuer or the recipient only. */
  async pdf(user: UserRow, id: string): Promise<{ numero: string; pdf: Buffer }> {
    const { record } = await this.visible(user, id);
    return { numero: record.invoice.numero, pdf: await renderInvoicePdf(invoiceDocument(record.invoice)) };
  }

  private currentYear(): number {
    return Number(parisDate(this.ctx.clock.now()).slice(0, 4));
  }

  private async visible(user: UserRow, id: string): Promise<{ record: InvoiceRecord; role: ViewerRole }> {
    const record = isUuid(id) ? await findVisibleInvoice(this.ctx.db, user.id, id) : undefined;
    if (!record) throw invoiceNotFound();
    return { record, role: record.invoice.issuerId === user.id ? 'emetteur' : 'destinataire' };
  }

  private async lockVisible(
    tx: Tx,
    user: UserRow,
    id: string,
  ): Promise<{ invoice: InvoiceRow; role: ViewerRole }> {
    const invoice = isUuid(id) ? await lockInvoice(tx, id) : undefined;
    if (!invoice) throw invoiceNotFound();
    if (invoice.issuerId === user.id) return { invoice, role: 'emetteur' };
    if (invoice.recipientId === user.id) return { invoice, role: 'destinataire' };
    throw invoiceNotFound();
  }

  private async lockAsIssuer(
    tx: Tx,
    user: UserRow,
    id: string,
    refusal: () => AppError = notIssuer,
  ): Promise<InvoiceRow> {
    const { invoice, role } = await this.lockVisible(tx, user, id);
    if (role !== 'emetteur') throw refusal();
    return invoice;
  }

  private async ownedClient(tx: Tx, user: UserRow, clientId: string): Promise<ClientRow> {
    const client = isUuid(clientId) ? await findClient(tx, user.id, clientId) : undefined;
    if (!client) throw notFound('Client introuvable.');
    return client;
  }
}

/**
 * What sending (by e-mail or on the platform) does to the issuer's side: envoyée unless already paid,
 * and frozen from the first sending on. A cancelled invoice is never sent.
 */
function sentChanges(invoice: InvoiceRow, now: Date): InvoiceChanges {
  if (invoice.issuerStatus === 'annulee') throw badRequest('Une facture annulée ne peut pas être envoyée.');
  return {
    issuerStatus: invoice.issuerStatus === 'payee' ? 'payee' : 'envoyee',
    sentAt: invoice.sentAt ?? now,
  };
}

function issuerSnapshot(user: UserRow) {
  return {
    nom: user.nom,
    prenom: user.prenom,
    email: user.email,
    adresse: user.adresse,
    codePostal: user.codePostal,
    ville: user.ville,
    siret: user.siret,
  };
}

function clientSnapshot(client: ClientRow) {
  return {
    nom: client.nom,
    email: client.email,
    telephone: client.telephone,
    siret: client.siret,
    adresse: { rue: client.rue, codePostal: client.codePostal, ville: client.ville, pays: client.pays },
  };
}

function stripMeta<T extends { siret: unknown; personnalisees: unknown }>(
  mentions: T,
): Omit<T, 'siret' | 'personnalisees'> {
  const { siret: _siret, personnalisees: _personnalisees, ...rest } = mentions;
  return rest;
}
