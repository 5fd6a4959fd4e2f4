import {
  canSupplierInvoice,
  type LifecycleCode,
  SUPPLIER_INVOICE_MESSAGES,
  type SupplierInvoice,
  type SupplierInvoiceAction,
  type SupplierInvoiceList,
  type SupplierInvoicePayment,
  type SupplierInvoiceRefusal,
  type SupplierInvoiceStatus,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { SupplierInvoiceRow, UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { publishEvents } from '../../lib/events/publish.js';
import { isUuid } from '../../lib/ids.js';
import { parisDate } from '../../lib/paris-date.js';
import { emitLifecycleStatus } from '../einvoicing/lifecycle/emit-status.js';
import { listLifecycleEvents, presentLifecycleEvent } from '../einvoicing/lifecycle/lifecycle-events.repo.js';
import { assertProfessional } from '../users/professional-guard.js';
import { parseEInvoice } from './parse-einvoice.js';
import { feedPurchasesRegister, withdrawFromPurchasesRegister } from './purchases-feed.js';
import { receiveSupplierInvoice } from './receive-supplier-invoice.js';
import { presentSupplierInvoice, presentSupplierInvoiceSummary } from './supplier-invoices.presenter.js';
import {
  findOriginal,
  findSupplierInvoice,
  listSupplierInvoices,
  lockSupplierInvoice,
  type SupplierInvoiceEntry,
  updateSupplierInvoice,
} from './supplier-invoices.repo.js';

const notFoundError = () => notFound(SUPPLIER_INVOICE_MESSAGES.notFound);

const TRANSITION_MESSAGES: Record<SupplierInvoiceAction, string> = {
  approbation: SUPPLIER_INVOICE_MESSAGES.approveFrom,
  refus: SUPPLIER_INVOICE_MESSAGES.refuseFrom,
  paiement: SUPPLIER_INVOICE_MESSAGES.payFrom,
};

/** The original as received, served byte for byte. */
export interface OriginalFile {
  bytes: Buffer;
  contentType: string;
  name: string;
  sha256: string;
}

/**
 * The « Factures fournisseurs » inbox of one professional (issue 19): upload, read, and the buyer's
 * decisions (approve, refuse, pay), each one transaction with its lifecycle status (XP Z12-012) and, once
 * approved or paid, its line in the purchases register. Anyone else's id is not found (404).
 */
export class SupplierInvoicesService {
  constructor(private readonly ctx: AppContext) {}

  async upload(user: UserRow, body: unknown, sentName: string | undefined): Promise<SupplierInvoice> {
    assertProfessional(user, 'recevoir des factures fournisseurs');
    if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(SUPPLIER_INVOICE_MESSAGES.empty);
    // Read before the transaction: a file may wait for a reading thread, a connection must not.
    const parsed = await parseEInvoice(body);
    const received = await this.ctx.db.transaction((tx) =>
      receiveSupplierInvoice(tx, {
        userId: user.id,
        content: body,
        parsed,
        fileName: fileName(sentName),
        source: 'depot',
        at: this.ctx.clock.now(),
      }),
    );
    if (received.duplicate) {
      throw new AppError(409, 'duplicate_supplier_invoice', SUPPLIER_INVOICE_MESSAGES.duplicate, {
        factureFournisseurId: received.invoice.id,
      });
    }
    return this.get(user, received.invoice.id);
  }

  async list(user: UserRow, status: SupplierInvoiceStatus | undefined): Promise<SupplierInvoiceList> {
    assertProfessional(user, 'consulter les factures fournisseurs');
    const rows = await listSupplierInvoices(this.ctx.db, user.id, status);
    return { facturesFournisseurs: rows.map(presentSupplierInvoiceSummary) };
  }

  async get(user: UserRow, id: string): Promise<SupplierInvoice> {
    assertProfessional(user, 'consulter une facture fournisseur');
    const row = isUuid(id) ? await findSupplierInvoice(this.ctx.db, user.id, id) : undefined;
    if (!row) throw notFoundError();
    const events = await listLifecycleEvents(this.ctx.db, user.id, { supplierInvoiceId: id });
    return presentSupplierInvoice(row, events.map(presentLifecycleEvent));
  }

  async original(user: UserRow, id: string): Promise<OriginalFile> {
    assertProfessional(user, 'télécharger une facture fournisseur');
    const row = isUuid(id) ? await findOriginal(this.ctx.db, user.id, id) : undefined;
    if (!row) throw notFoundError();
    return {
      bytes: row.original,
      contentType: row.originalFormat === 'facturx' ? 'application/pdf' : 'application/xml',
      name: row.fileName,
      sha256: row.originalSha256,
    };
  }

  async approve(user: UserRow, id: string): Promise<SupplierInvoice> {
    await this.decide(user, id, 'approbation', async (tx, invoice, at) => {
      const purchaseId = invoice.purchaseId ?? (await feedPurchasesRegister(tx, invoice));
      await updateSupplierInvoice(tx, user.id, id, { status: 'approuvee', purchaseId, updatedAt: at });
      return { code: 205 };
    });
    return this.get(user, id);
  }

  async refuse(user: UserRow, id: string, refusal: SupplierInvoiceRefusal): Promise<SupplierInvoice> {
    await this.decide(user, id, 'refus', async (tx, invoice, at) => {
      await withdrawFromPurchasesRegister(tx, invoice);
      await updateSupplierInvoice(tx, user.id, id, {
        status: 'refusee',
        refusalCode: refusal.motifCode,
        refusalReason: refusal.motif,
        purchaseId: null,
        updatedAt: at,
      });
      return { code: 210, reasonCode: refusal.motifCode, reason: refusal.motif };
    });
    return this.get(user, id);
  }

  async pay(user: UserRow, id: string, payment: SupplierInvoicePayment): Promise<SupplierInvoice> {
    if (payment.datePaiement > parisDate(this.ctx.clock.now())) {
      throw badRequest(SUPPLIER_INVOICE_MESSAGES.futurePaymentDate);
    }
    await this.decide(user, id, 'paiement', async (tx, invoice, at) => {
      const purchaseId = invoice.purchaseId ?? (await feedPurchasesRegister(tx, invoice));
      await updateSupplierInvoice(tx, user.id, id, {
        status: 'payee',
        paidOn: payment.datePaiement,
        purchaseId,
        updatedAt: at,
      });
      const amountCents =
        payment.montant === undefined ? invoice.amountDueCents : Math.round(payment.montant * 100);
      return { code: 211, amountCents, paidOn: payment.datePaiement };
    });
    return this.get(user, id);
  }

  /**
   * One decision of the buyer, in one transaction: the row locked, the transition checked (409), the
   * change made, its status emitted on the timeline (and to the platform when the invoice came from one)
   * and announced live.
   */
  private async decide(
    user: UserRow,
    id: string,
    action: SupplierInvoiceAction,
    change: (
      tx: Tx,
      invoice: SupplierInvoiceEntry,
      at: Date,
    ) => Promise<{
      code: LifecycleCode;
      reasonCode?: string;
      reason?: string;
      amountCents?: number;
      paidOn?: string;
    }>,
  ): Promise<void> {
    assertProfessional(user, 'traiter une facture fournisseur');
    if (!isUuid(id)) throw notFoundError();
    await this.ctx.db.transaction(async (tx) => {
      const invoice = await lockSupplierInvoice(tx, user.id, id);
      if (!invoice) throw notFoundError();
      if (!canSupplierInvoice(action, invoice.status)) {
        throw new AppError(409, 'conflict', TRANSITION_MESSAGES[action]);
      }
      const at = this.ctx.clock.now();
      const status = await change(tx, invoice, at);
      await emitLifecycleStatus(
        tx,
        { userId: user.id, supplierInvoiceId: id, at, ...status },
        this.ctx.platformJobs,
      );
      await publishEvents(tx, [
        {
          userId: user.id,
          type: 'lifecycle.changed',
          data: { factureId: null, factureFournisseurId: id, code: status.code },
        },
      ]);
    });
  }
}

/** The name the browser sent (percent-encoded in X-Nom-Fichier), kept printable and short. */
function fileName(sent: string | undefined): SupplierInvoiceRow['fileName'] {
  let name = '';
  try {
    name = sent ? decodeURIComponent(sent) : '';
  } catch {
    name = '';
  }
  const cleaned = name
    .replace(/[\p{C}/\\"]/gu, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'facture';
}
