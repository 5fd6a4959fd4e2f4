import {
  type BuyerDirectory,
  einvoicingBuyerAddress,
  einvoicingBuyerSiren,
  type InvoiceLifecycle,
  LIFECYCLE_NEEDS_CREDIT_NOTE,
  MESSAGES,
  PLATFORM_SENDING_MESSAGES,
  type PlatformSendResponse,
} from '@facturo/shared';
import type { AppContext } from '../../../context.js';
import type { InvoiceRow, UserRow } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { AppError } from '../../../lib/errors.js';
import { markIssued } from '../../invoices/document-life.repo.js';
import { lockAsIssuer, notIssuer, visibleInvoice } from '../../invoices/invoice-access.js';
import { sentChanges } from '../../invoices/invoice-sending.service.js';
import { type InvoiceRecord, updateInvoice } from '../../invoices/invoices.repo.js';
import { issuedOriginal } from '../../invoices/issued-original.js';
import { secondChannelRefusal } from '../../invoices/sending-channel.js';
import { invoiceDocument, journalStatusChanges } from '../../journal/journal-events.js';
import { listLifecycleEvents, presentLifecycleEvent } from '../lifecycle/lifecycle-events.repo.js';
import type { DirectoryEntry } from '../platform/einvoicing-platform.js';
import { platformFor, TEST_PLATFORM_LABEL } from '../platform/platform-for.js';
import { queueSubmission } from '../platform/submission.js';
import { findInvoiceSubmission } from './platform-sending.repo.js';

/**
 * Where the directory line says the buyer receives, in French. The standard's directory names no platform,
 * only its kind (UNCL 3035: WK an approved platform, DFH the public portal) and the line's addressing
 * identifier; on the built-in test platform, every buyer it knows receives on it.
 */
function receivingPlace(entry: DirectoryEntry, platformLabel: string): string | null {
  if (entry.plateforme === 'DFH') return 'Portail public de facturation';
  if (entry.plateforme !== 'WK') return null;
  if (platformLabel === TEST_PLATFORM_LABEL) return TEST_PLATFORM_LABEL;
  return entry.adresse ? `Plateforme agréée, adresse ${entry.adresse}` : 'Plateforme agréée';
}

const conflict = (message: string) => new AppError(409, 'conflict', message);

/**
 * Why an invoice cannot go through the platform, or null: the issuer needs a SIRET (their SIREN is their
 * identity there), the buyer must be a French business (einvoicingBuyerSiren), a cancelled invoice goes
 * nowhere.
 */
function refusalOf(user: UserRow, invoice: InvoiceRow): AppError | null {
  if (invoice.issuerStatus === 'annulee') {
    return new AppError(409, 'invoice_cancelled', MESSAGES.cancelledInvoiceNotSent);
  }
  const sentElsewhere = secondChannelRefusal(invoice, 'plateforme_agreee');
  if (sentElsewhere) return sentElsewhere;
  if (!user.siret) return conflict(PLATFORM_SENDING_MESSAGES.noSiret);
  if (!einvoicingBuyerSiren(invoice.clientSnapshot)) return conflict(PLATFORM_SENDING_MESSAGES.notBusiness);
  return null;
}

/**
 * « Envoyer via la plateforme » (issue 19): the invoice's Factur-X original goes to the professional's
 * approved platform, which delivers it to the buyer's. Sending is one transaction: the invoice marked sent
 * (so frozen), its original fixed and journalled, the flow queued with its idempotency key — the
 * submission job then carries it to the platform, retrying until the platform has it.
 */
export class PlatformSendingService {
  constructor(private readonly ctx: AppContext) {}

  /** What the directory says of the invoice's buyer; the directory being down is said, not an error. */
  async buyerDirectory(user: UserRow, invoiceId: string): Promise<BuyerDirectory> {
    const invoice = await this.ownInvoice(user, invoiceId);
    const refusal = refusalOf(user, invoice);
    if (refusal) throw refusal;
    const siren = einvoicingBuyerSiren(invoice.clientSnapshot) ?? '';
    try {
      // The establishment invoiced, when its SIRET is known: the one account the platform delivers to.
      const address = einvoicingBuyerAddress(invoice.clientSnapshot) ?? { siren };
      const platform = await platformFor(this.ctx, user.id);
      const entry = await platform.lookupDirectory(address);
      return {
        siren,
        inscrit: entry !== null,
        peutRecevoir: entry?.peutRecevoir ?? false,
        nom: entry?.nom ?? null,
        plateforme: entry ? receivingPlace(entry, platform.label) : null,
        indisponible: false,
      };
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      this.ctx.log.warn({ err: error }, 'Annuaire de la facturation électronique injoignable');
      return { siren, inscrit: false, peutRecevoir: false, nom: null, plateforme: null, indisponible: true };
    }
  }

  async send(user: UserRow, invoiceId: string): Promise<PlatformSendResponse> {
    // Asked before the transaction (a network call holds no lock), after the same refusals as the sending:
    // a buyer the directory does not know cannot receive, so the invoice stays unsent; a directory that
    // does not answer does not stop it.
    const directory = await this.buyerDirectory(user, invoiceId);
    if (!directory.indisponible && !directory.peutRecevoir) {
      throw conflict(PLATFORM_SENDING_MESSAGES.notInDirectory);
    }
    const now = this.ctx.clock.now();
    const dejaEnvoyee = await this.ctx.db.transaction(async (tx) => {
      const invoice = await lockAsIssuer(tx, user, invoiceId);
      const refusal = refusalOf(user, invoice);
      if (refusal) throw refusal;
      // Once submitted, a second click (or a second tab) queues nothing more: one flow per invoice.
      if (await findInvoiceSubmission(tx, user.id, invoice.id)) return true;
      const changes = sentChanges(invoice, now);
      await updateInvoice(tx, invoice.id, changes);
      await journalStatusChanges(tx, user.id, invoiceDocument(invoice), invoice, changes, now, {
        via: 'plateforme_agreee',
      });
      await markIssued(tx, invoice.id, now, 'plateforme_agreee');
      const { pdf } = await issuedOriginal(
        tx,
        { ...invoice, ...changes },
        { at: now, via: 'plateforme_agreee' },
      );
      await queueSubmission(
        tx,
        {
          userId: user.id,
          kind: 'facture',
          syntax: 'Factur-X',
          processingRule: 'B2B',
          fileName: `${invoice.numero}.pdf`,
          content: pdf,
          invoiceId: invoice.id,
        },
        this.ctx.platformJobs,
      );
      return false;
    });
    return { dejaEnvoyee, cycleDeVie: await this.lifecycle(user, invoiceId) };
  }

  /** The seller's view of the invoice on the platform: can it go, how its sending went, its statuses. */
  async lifecycle(user: UserRow, invoiceId: string): Promise<InvoiceLifecycle> {
    return lifecycleOf(this.ctx.db, user, await this.ownRecord(user, invoiceId));
  }

  private async ownInvoice(user: UserRow, invoiceId: string): Promise<InvoiceRow> {
    return (await this.ownRecord(user, invoiceId)).invoice;
  }

  private async ownRecord(user: UserRow, invoiceId: string): Promise<InvoiceRecord> {
    const { record, role } = await visibleInvoice(this.ctx.db, user, invoiceId);
    if (role !== 'emetteur') throw notIssuer();
    return record;
  }
}

export async function lifecycleOf(
  db: DbOrTx,
  user: UserRow,
  { invoice, credits }: InvoiceRecord,
): Promise<InvoiceLifecycle> {
  const [submission, events] = await Promise.all([
    findInvoiceSubmission(db, user.id, invoice.id),
    listLifecycleEvents(db, user.id, { invoiceId: invoice.id }),
  ]);
  const refusal = refusalOf(user, invoice);
  const codes = new Set(events.map((event) => event.code));
  return {
    envoyable: refusal === null,
    motif: refusal?.message ?? null,
    sirenClient: einvoicingBuyerSiren(invoice.clientSnapshot),
    envoi: submission
      ? {
          etat: submission.state === 'recue' ? 'deposee' : submission.state,
          fluxId: submission.flowId,
          erreur: submission.lastError,
          date: submission.createdAt.toISOString(),
        }
      : null,
    evenements: events.map(presentLifecycleEvent),
    // Not once credit notes cancel it whole: the advice has been followed.
    avoirConseille:
      invoice.issuerStatus !== 'annulee' &&
      credits.reduce((sum, credit) => sum + credit.totalTtcCents, 0) < invoice.totalTtcCents &&
      LIFECYCLE_NEEDS_CREDIT_NOTE.some((code) => codes.has(code)),
  };
}
