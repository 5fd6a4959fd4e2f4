import { randomUUID } from 'node:crypto';
import { einvoicingBuyerAddress, einvoicingBuyerSiren, vatBreakdownCents } from '@facturo/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import {
  type InvoiceRow,
  invoices,
  platformFlows,
  type SupplierInvoiceRow,
  supplierInvoices,
  users,
} from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import { invoiceDocument, typeCodeOf } from '../../invoices/document/invoice-document.js';
import type { CdarMessage, CdarParty } from '../cdar/cdar-message.js';
import { vatPartsOfPayment } from '../cdar/vat-parts.js';
import type { EmittedStatus } from './emit-status.js';

/** What a status says besides its parties: its own id and day, its code, its reason, its payment. */
type StatusFacts = Omit<CdarMessage, 'sender' | 'recipient' | 'invoice'>;

/**
 * The CDAR message of a status Facturo's user sets, when the document travelled through a platform
 * (a received supplier invoice that came from there; an invoice of theirs the platform took); null
 * otherwise: a status on a document the platform never saw stays on Facturo's timeline only.
 */
export async function cdarOfDocument(tx: Tx, status: EmittedStatus): Promise<CdarMessage | null> {
  const facts: StatusFacts = {
    id: randomUUID(),
    issuedAt: status.at,
    statusCode: status.code,
    ...(status.reasonCode ? { reason: { code: status.reasonCode, text: status.reason ?? '' } } : {}),
    ...(status.amountCents !== undefined && status.paidOn
      ? { payment: { amountCents: status.amountCents, date: status.paidOn } }
      : {}),
  };
  if (status.supplierInvoiceId) {
    const [received] = await tx
      .select()
      .from(supplierInvoices)
      .where(
        and(eq(supplierInvoices.id, status.supplierInvoiceId), eq(supplierInvoices.userId, status.userId)),
      );
    if (received?.source !== 'plateforme') return null;
    const [user] = await tx.select().from(users).where(eq(users.id, status.userId));
    const siret = user?.siret ?? null;
    return buyerStatusOf(received, { siren: siret?.slice(0, 9) ?? null, siret }, facts);
  }
  if (!status.invoiceId) return null;
  const [travelled] = await tx
    .select({ id: platformFlows.id })
    .from(platformFlows)
    .where(
      and(
        eq(platformFlows.invoiceId, status.invoiceId),
        eq(platformFlows.kind, 'facture'),
        eq(platformFlows.direction, 'sortant'),
        isNotNull(platformFlows.flowId),
      ),
    )
    .limit(1);
  if (!travelled) return null;
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, status.invoiceId), eq(invoices.issuerId, status.userId)));
  return invoice ? sellerStatusOf(invoice, facts) : null;
}

/**
 * The parties of an invoice of Facturo's user as the invoice names them (its snapshots, through the same
 * reading as its Factur-X: « Alice Durand EI », the client's name as invoiced), never the account's
 * current name. The buyer is identified as the invoice was routed (the sending's rule: its SIRET when it
 * has one, else its SIREN), so that the status reaches that same account.
 */
export function invoiceCdarParties(invoice: InvoiceRow): { seller: CdarParty; buyer: CdarParty } {
  const doc = invoiceDocument(invoice);
  const routed = einvoicingBuyerAddress(invoice.clientSnapshot);
  return {
    seller: { role: 'vendeur', name: doc.seller.name, siren: doc.seller.siren, siret: doc.seller.siret },
    buyer: {
      role: 'acheteur',
      name: doc.buyer.name,
      siren: einvoicingBuyerSiren(invoice.clientSnapshot),
      siret: routed && 'siret' in routed ? routed.siret : null,
    },
  };
}

/**
 * A status the seller sets on their invoice (209, 212, 220), to its buyer. 212 carries the amount cashed per
 * VAT rate (BR-FR-CDV-14): the payment split over the invoice's rates.
 */
export function sellerStatusOf(invoice: InvoiceRow, facts: StatusFacts): CdarMessage {
  const { seller, buyer } = invoiceCdarParties(invoice);
  const payment = facts.payment && {
    ...facts.payment,
    vatParts: vatPartsOfPayment(
      vatBreakdownCents(
        invoice.lines.map((line) => ({ totalCents: line.totalCents, tauxTVA: line.vatRate ?? 0 })),
      ).map((rate) => ({ ratePercent: rate.taux, totalCents: rate.baseHTCents + rate.montantTVACents })),
      facts.payment.amountCents,
    ),
  };
  return {
    ...facts,
    ...(payment ? { payment } : {}),
    sender: seller,
    recipient: buyer,
    invoice: {
      numero: invoice.numero,
      issueDate: invoice.dateEmission,
      typeCode: typeCodeOf(invoiceDocument(invoice)),
      seller,
      buyer,
    },
  };
}

/**
 * A status the buyer sets on an invoice received from the platform (204…211), to its seller: both parties
 * as the received invoice names them; the buyer's identifiers are the account's (the address the invoice
 * reached), its name the one the invoice gives when it gives one.
 */
export function buyerStatusOf(
  received: SupplierInvoiceRow,
  account: { siren: string | null; siret: string | null },
  facts: StatusFacts,
): CdarMessage {
  const buyer: CdarParty = { role: 'acheteur', name: received.buyerName, ...account };
  const seller: CdarParty = {
    role: 'vendeur',
    name: received.sellerName,
    siren: received.sellerSiren ?? received.sellerSiret?.slice(0, 9) ?? null,
    siret: received.sellerSiret,
  };
  return {
    ...facts,
    sender: buyer,
    recipient: seller,
    invoice: {
      numero: received.numero,
      issueDate: received.dateEmission,
      typeCode: received.typeCode,
      seller,
      buyer,
    },
  };
}
