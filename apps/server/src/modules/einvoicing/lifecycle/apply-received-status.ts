import { LIFECYCLE_STATUSES, lifecycleLabel } from '@facturo/shared';
import { and, eq } from 'drizzle-orm';
import {
  type InvoiceRow,
  platformFlows,
  type SupplierInvoiceRow,
  supplierInvoices,
} from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import { publishEvents } from '../../../lib/events/publish.js';
import { clearDispute, recordDispute } from '../../invoices/document-life.repo.js';
import { notify } from '../../notifications/notify.js';
import { feedPurchasesRegister } from '../../supplier-invoices/purchases-feed.js';
import type { CdarMessage } from '../cdar/cdar-message.js';
import { declareReceivedPayment } from '../seller/declared-by-buyer.js';
import { recordLifecycleEvent } from './lifecycle-events.repo.js';
import { matchReceivedStatus } from './match-received-status.js';
import { platformStatusId } from './platform-status-id.js';
import { keepUnmatchedStatus } from './unmatched-statuses.repo.js';

/**
 * A lifecycle message (CDAR) that reached a user through their platform, in flow `flowId`: the buyer's
 * status on the seller's invoice, or the seller's on the buyer's received invoice — only the document of
 * this account it is about (matchReceivedStatus). Joins that document's timeline once (the flow id is the
 * event's `externalId`: a webhook and a poll may both bring it), moves what it moves, and tells the user.
 * A status that matches nothing of the account is applied to nothing and kept aside for the admin
 * (unmatched_platform_statuses, with why and the message as received); answers false then.
 */
export async function applyReceivedStatus(
  tx: Tx,
  userId: string,
  message: CdarMessage,
  flowId: string,
  at: Date,
  content: Buffer | null = null,
): Promise<boolean> {
  const match = await matchReceivedStatus(tx, userId, message);
  if (match.side === 'vendeur') return applyOnSoldInvoice(tx, userId, match.invoice, message, flowId, at);
  if (match.side === 'acheteur')
    return applyOnReceivedInvoice(tx, userId, match.received, message, flowId, at);
  await keepUnmatchedStatus(tx, {
    userId,
    flowId,
    statusCode: message.statusCode,
    invoiceNumero: message.invoice.numero,
    sellerSiren: message.invoice.seller.siren,
    buyerSiren: message.invoice.buyer.siren,
    reason: match.reason,
    content,
    receivedAt: at,
  });
  return false;
}

/**
 * What a status says, as one line of the timeline and of the notification. A platform's own status (200,
 * 213, 221…) also reaches the submitter as the acknowledgement of its flow: both carry one id, so it is
 * recorded once whichever came first; any other status is identified by its CDAR flow.
 */
function eventOf(
  message: CdarMessage,
  flowId: string,
  document: { invoiceId: string } | { supplierInvoiceId: string },
) {
  const externalId =
    LIFECYCLE_STATUSES[message.statusCode].acteur === 'plateforme'
      ? platformStatusId(document, message.statusCode)
      : flowId;
  return {
    code: message.statusCode,
    actor: LIFECYCLE_STATUSES[message.statusCode].acteur,
    reasonCode: message.reason?.code ?? null,
    reason: message.reason?.text ?? null,
    amountCents: message.payment?.amountCents ?? null,
    paidOn: message.payment?.date ?? null,
    externalId,
    occurredAt: message.issuedAt,
  };
}

/** The seller hears from the buyer: approved, refused (with its reason), payment sent… */
async function applyOnSoldInvoice(
  tx: Tx,
  userId: string,
  invoice: InvoiceRow,
  message: CdarMessage,
  externalId: string,
  at: Date,
): Promise<boolean> {
  const recorded = await recordLifecycleEvent(tx, {
    userId,
    invoiceId: invoice.id,
    ...eventOf(message, externalId, { invoiceId: invoice.id }),
  });
  if (!recorded) return true;
  if (message.statusCode === 213 || message.statusCode === 221) {
    await markSubmissionRejected(tx, userId, invoice.id, message);
  }
  await recordObjection(tx, invoice.id, message, at);
  // « Paiement transmis »: the buyer says the money left; the seller confirms it as a declared payment, and
  // that confirmation reports 212 Encaissée (cashed-status.ts).
  if (message.statusCode === 211) await declareReceivedPayment(tx, invoice, message.payment ?? null, at);
  await publishEvents(tx, [
    {
      userId,
      type: 'lifecycle.changed',
      data: { factureId: invoice.id, factureFournisseurId: null, code: message.statusCode },
    },
  ]);
  const motif = message.reason ? ` : ${message.reason.text}` : '';
  // Only the bell: the e-mails of this module go with the platform's own notices.
  await notify(
    { tx, appUrl: '' },
    {
      userId,
      kind: 'statut_plateforme',
      titre: `Facture ${invoice.numero} : ${lifecycleLabel(message.statusCode)}${motif}`,
      lien: `/factures/${invoice.id}`,
    },
  );
  return true;
}

/**
 * The buyer's or the platform's objection, as the invoice's life reads it (document-life.ts): 207 En
 * litige disputes it until 205 Approuvée settles it; 210 Refusée (with its reason) and 213 Rejetée / 221
 * Erreur de routage are final. Any other status leaves the objection as it was.
 */
async function recordObjection(tx: Tx, invoiceId: string, message: CdarMessage, at: Date) {
  const reason = message.reason?.text ?? null;
  if (message.statusCode === 207) await recordDispute(tx, invoiceId, 'litige', reason, at);
  else if (message.statusCode === 205) await clearDispute(tx, invoiceId);
  else if (message.statusCode === 210) await recordDispute(tx, invoiceId, 'refusee', reason, at);
  else if (message.statusCode === 213 || message.statusCode === 221)
    await recordDispute(tx, invoiceId, 'rejetee', reason ?? lifecycleLabel(message.statusCode), at);
}

/**
 * The platform rejected the invoice (213) or could not route it (221), by CDAR: its submission ends there,
 * as when the acknowledgement says Error (apply-out-flow.ts), so the seller's page says « Rejetée par la
 * plateforme » with the reason.
 */
async function markSubmissionRejected(tx: Tx, userId: string, invoiceId: string, message: CdarMessage) {
  await tx
    .update(platformFlows)
    .set({
      state: 'rejetee',
      statusCode: message.statusCode,
      lastError: message.reason?.text ?? lifecycleLabel(message.statusCode),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(platformFlows.userId, userId),
        eq(platformFlows.invoiceId, invoiceId),
        eq(platformFlows.direction, 'sortant'),
        eq(platformFlows.kind, 'facture'),
      ),
    );
}

/** The buyer hears from the seller: cashed (212), cancelled (220), completed (209). */
async function applyOnReceivedInvoice(
  tx: Tx,
  userId: string,
  received: SupplierInvoiceRow,
  message: CdarMessage,
  externalId: string,
  at: Date,
): Promise<boolean> {
  const recorded = await recordLifecycleEvent(tx, {
    userId,
    supplierInvoiceId: received.id,
    ...eventOf(message, externalId, { supplierInvoiceId: received.id }),
  });
  if (!recorded) return true;
  // The seller has the money: the invoice is paid for the buyer too (unless they refused it).
  // It joins the purchases register then, as when the buyer marks it paid themselves.
  if (message.statusCode === 212 && (received.status === 'recue' || received.status === 'approuvee')) {
    const purchaseId = received.purchaseId ?? (await feedPurchasesRegister(tx, received));
    await tx
      .update(supplierInvoices)
      .set({ status: 'payee', paidOn: message.payment?.date ?? received.paidOn, purchaseId, updatedAt: at })
      .where(eq(supplierInvoices.id, received.id));
  }
  await publishEvents(tx, [
    {
      userId,
      type: 'lifecycle.changed',
      data: { factureId: null, factureFournisseurId: received.id, code: message.statusCode },
    },
  ]);
  await notify(
    { tx, appUrl: '' },
    {
      userId,
      kind: 'statut_plateforme',
      titre: `Facture fournisseur ${received.numero} (${received.sellerName}) : ${lifecycleLabel(message.statusCode)}`,
      lien: `/factures-fournisseurs/${received.id}`,
    },
  );
  return true;
}
