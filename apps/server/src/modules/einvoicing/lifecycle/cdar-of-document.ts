import { randomUUID } from 'node:crypto';
import { einvoicingBuyerAddress, einvoicingBuyerSiren, vatBreakdownCents } from '@facturo/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import { invoices, platformFlows, supplierInvoices, users } from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import type { CdarMessage, CdarParty } from '../cdar/cdar-message.js';
import { vatPartsOfPayment } from '../cdar/vat-parts.js';
import type { EmittedStatus } from './emit-status.js';

/** BT-3 of Facturo's own documents. */
const TYPE_CODES = { facture: '380', acompte: '386', avoir: '381' } as const;

/**
 * The CDAR message of a status Facturo's user sets, when the document travelled through a platform
 * (a received supplier invoice that came from there; an invoice of theirs the platform took); null
 * otherwise: a status on a document the platform never saw stays on Facturo's timeline only.
 */
export async function cdarOfDocument(tx: Tx, status: EmittedStatus): Promise<CdarMessage | null> {
  const [user] = await tx.select().from(users).where(eq(users.id, status.userId));
  if (!user) return null;
  const me: Omit<CdarParty, 'role'> = {
    name: `${user.prenom} ${user.nom}`.trim(),
    siren: user.siret?.slice(0, 9) ?? null,
    siret: user.siret,
  };
  const extras = {
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
    const buyer: CdarParty = { role: 'acheteur', ...me };
    const seller: CdarParty = {
      role: 'vendeur',
      name: received.sellerName,
      siren: received.sellerSiren ?? received.sellerSiret?.slice(0, 9) ?? null,
      siret: received.sellerSiret,
    };
    return {
      ...extras,
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
  if (!invoice) return null;
  const seller: CdarParty = { role: 'vendeur', ...me };
  const client = invoice.clientSnapshot;
  const address = einvoicingBuyerAddress(client);
  const buyer: CdarParty = {
    role: 'acheteur',
    name: client.nom,
    // The address the invoice was routed by (the sending's rule): the status reaches that same account.
    siren: einvoicingBuyerSiren(client),
    siret: address && 'siret' in address ? address.siret : null,
  };
  // 212 carries the amount cashed per VAT rate (BR-FR-CDV-14): the payment split over the invoice's rates.
  const payment = extras.payment && {
    ...extras.payment,
    vatParts: vatPartsOfPayment(
      vatBreakdownCents(
        invoice.lines.map((line) => ({ totalCents: line.totalCents, tauxTVA: line.vatRate ?? 0 })),
      ).map((rate) => ({ ratePercent: rate.taux, totalCents: rate.baseHTCents + rate.montantTVACents })),
      extras.payment.amountCents,
    ),
  };
  return {
    ...extras,
    ...(payment ? { payment } : {}),
    sender: seller,
    recipient: buyer,
    invoice: {
      numero: invoice.numero,
      issueDate: invoice.dateEmission,
      typeCode: TYPE_CODES[invoice.type],
      seller,
      buyer,
    },
  };
}
