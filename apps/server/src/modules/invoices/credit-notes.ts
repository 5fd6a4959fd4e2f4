import {
  type creditNoteInputSchema,
  DOCUMENT_MESSAGES,
  formatDocumentNumber,
  invoiceInputSchema,
  VAT_TREATMENTS,
} from '@facturo/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { type InvoiceRow, type UserRow, users } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { invoiceReceived } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import { type QueueMail, transactionWithMail } from '../../lib/mail/mail-queue.js';
import { creditNoteReceivedEmail } from '../../lib/mail/templates.js';
import { parisDate } from '../../lib/paris-date.js';
import { appendJournal } from '../journal/journal-append.js';
import { invoiceDocument, journalNumbered } from '../journal/journal-events.js';
import { settleInvoice } from '../payments/payment-settlement.js';
import { markIssued } from './document-life.repo.js';
import { lockAsIssuer, visibleInvoice } from './invoice-access.js';
import { draftInvoice } from './invoice-draft.js';
import { readIssuer } from './invoice-snapshots.js';
import { creditedCents, type InvoiceRecord, insertInvoice, takeNextSequence } from './invoices.repo.js';
import { issuedOriginal } from './issued-original.js';

type CreditNoteBody = z.output<typeof creditNoteInputSchema>;

const refusal = (message: string) => new AppError(409, 'conflict', message);
/** PUT and DELETE on a credit note: a correction is final (another credit note is not a thing). */
export const creditNoteLocked = () => new AppError(409, 'invoice_locked', DOCUMENT_MESSAGES.creditNoteLocked);

/**
 * Only an issued invoice or deposit is credited: one sent or paid, not cancelled, and not itself a credit
 * note. A draft is corrected by editing it, or cancelled (DESIGN §5).
 */
export function assertCreditable(invoice: InvoiceRow): void {
  if (invoice.type === 'avoir') throw refusal(DOCUMENT_MESSAGES.creditOfCredit);
  const issued = invoice.sentAt !== null || invoice.paidAt !== null;
  if (!issued || invoice.issuerStatus === 'annulee') {
    throw refusal(DOCUMENT_MESSAGES.creditNeedsIssuedInvoice);
  }
}

type CreditedAmounts = Pick<
  InvoiceRow,
  'lines' | 'totalHtCents' | 'totalVatCents' | 'totalTtcCents' | 'vatRate' | 'vatCategory'
>;

/**
 * What the credit note credits: the whole invoice by default (its own lines), or the lines given, computed
 * by the invoices' own rules under the invoice's VAT treatment and at rates the invoice charges. Amounts
 * are positive: the type says it is a credit.
 */
export function creditedAmounts(invoice: InvoiceRow, body: CreditNoteBody): CreditedAmounts {
  if (!body.lignes) {
    const { lines, totalHtCents, totalVatCents, totalTtcCents, vatRate, vatCategory } = invoice;
    return { lines, totalHtCents, totalVatCents, totalTtcCents, vatRate, vatCategory };
  }
  const { regimeTva } = readIssuer(invoice.issuerSnapshot, invoice.mentions);
  const input = invoiceInputSchema.safeParse({ client: invoice.clientId, lignes: body.lignes });
  if (!input.success)
    throw badRequest(input.error.issues[0]?.message ?? DOCUMENT_MESSAGES.creditRateNotOnInvoice);
  const draft = draftInvoice(input.data, invoice.dateEmission, {
    regime: regimeTva,
    treatment: VAT_TREATMENTS[invoice.vatCategory],
  });
  const invoiceRates = new Set(invoice.lines.map((line) => line.vatRate ?? 0));
  if (draft.lines.some((line) => !invoiceRates.has(line.vatRate ?? 0))) {
    throw badRequest(DOCUMENT_MESSAGES.creditRateNotOnInvoice);
  }
  const { lines, totalHtCents, totalVatCents, totalTtcCents, vatRate, vatCategory } = draft;
  return { lines, totalHtCents, totalVatCents, totalTtcCents, vatRate, vatCategory };
}

/**
 * Credit notes (issue 15): POST /factures/{id}/avoir. One transaction: the credited invoice's row is
 * locked (two credit notes of one invoice are written one after the other, so their total never exceeds
 * it), the AV number taken, the credit note written with the invoice's parties as printed on it, and, when
 * the invoice went to a platform user, the credit note reaches them at once (live event and e-mail).
 */
export class CreditNotesService {
  constructor(private readonly ctx: AppContext) {}

  async create(user: UserRow, invoiceId: string, body: CreditNoteBody): Promise<InvoiceRecord> {
    const now = this.ctx.clock.now();
    const dateEmission = parisDate(now);
    const year = Number(dateEmission.slice(0, 4));
    const id = await transactionWithMail(this.ctx, async (tx, queueMail) => {
      const invoice = await lockAsIssuer(tx, user, invoiceId);
      assertCreditable(invoice);
      const amounts = creditedAmounts(invoice, body);
      const already = await creditedCents(tx, invoice.id);
      if (already + amounts.totalTtcCents > invoice.totalTtcCents) {
        throw refusal(DOCUMENT_MESSAGES.creditExceedsInvoice);
      }
      // A credit note never counts against the free plan's quota: no assertInvoiceQuota here.
      const sequence = await takeNextSequence(tx, user.id, 'AV', year);
      const recipientId = invoice.recipientId;
      const created = await insertInvoice(tx, {
        type: 'avoir',
        issuerId: user.id,
        clientId: invoice.clientId,
        recipientId,
        numero: formatDocumentNumber('AV', year, sequence),
        year,
        sequence,
        dateEmission,
        // Nothing is due to the issuer on a credit note: its "due date" is its date.
        dateEcheance: dateEmission,
        delaiPaiement: 0,
        objet: invoice.objet,
        ...amounts,
        issuerSnapshot: invoice.issuerSnapshot,
        clientSnapshot: invoice.clientSnapshot,
        mentions: invoice.mentions,
        dateLivraison: invoice.dateLivraison,
        deliveryAddress: invoice.deliveryAddress,
        creditedInvoiceId: invoice.id,
        creditReason: body.motif,
        refs: {
          creditedInvoice: {
            id: invoice.id,
            numero: invoice.numero,
            dateEmission: invoice.dateEmission,
            totalTtcCents: invoice.totalTtcCents,
          },
        },
        ...(recipientId
          ? { issuerStatus: 'envoyee' as const, recipientStatus: 'non_vue' as const, sentAt: now }
          : { issuerStatus: 'creee' as const }),
      });
      // Issue 18: the credit note's number, and the credit on the credited document's line of the journal.
      await journalNumbered(tx, created, invoiceDocument(created), now);
      // A credit note is issued at its creation (DESIGN §5); its channel only when it reaches a Facturo account.
      await markIssued(tx, created.id, now, recipientId ? 'facturo' : null);
      await appendJournal(tx, {
        issuerId: user.id,
        kind: 'avoir',
        document: invoiceDocument(invoice),
        at: now,
        details: { avoir: created.numero, avoirId: created.id, montantTtcCents: created.totalTtcCents },
      });
      if (recipientId) await this.deliver(tx, queueMail, user, created, invoice.numero, now);
      // Issue 17: payments and this credit note together may cover the whole invoice: it is then paid.
      // An unpaid invoice fully credited is not paid but cancelled by the credit note (annuleeParAvoir).
      if (invoice.paidCents > 0) await settleInvoice(tx, invoice, now);
      return created.id;
    });
    return (await visibleInvoice(this.ctx.db, user, id)).record;
  }

  /** To the invoice's platform recipient: the live event and the e-mail, committed with the credit note. */
  private async deliver(
    tx: Tx,
    queueMail: QueueMail,
    user: UserRow,
    creditNote: InvoiceRow,
    creditedNumero: string,
    now: Date,
  ): Promise<void> {
    const recipientId = creditNote.recipientId;
    if (!recipientId) return;
    // Delivered now, it is issued now: its original is fixed (and journalled as issued, with its SHA-256)
    // in this transaction, as an invoice's is at its sending, not at its first download.
    await issuedOriginal(tx, creditNote, { at: now, via: 'facturo' });
    await publishEvents(tx, [invoiceReceived(creditNote, recipientId)]);
    const [recipient] = await tx
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, recipientId))
      .limit(1);
    if (!recipient) return;
    await queueMail(
      creditNoteReceivedEmail(
        recipient.email,
        {
          numero: creditNote.numero,
          creditedNumero,
          issuerName: `${user.prenom} ${user.nom}`.trim(),
        },
        `${this.ctx.config.appUrl}/factures/${creditNote.id}`,
      ),
      user.id,
    );
  }
}
