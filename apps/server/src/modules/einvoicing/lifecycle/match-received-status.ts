import { einvoicingBuyerSiren, LIFECYCLE_STATUSES } from '@facturo/shared';
import { and, eq, ne } from 'drizzle-orm';
import {
  type InvoiceRow,
  invoices,
  platformFlows,
  type SupplierInvoiceRow,
  supplierInvoices,
} from '../../../db/schema.js';
import type { Tx } from '../../../db/types.js';
import type { CdarMessage } from '../cdar/cdar-message.js';
import { routingSiretOf } from '../routing/routing-account.js';

/** Why a received status was applied to nothing: what the admin reads in the unmatched log. */
export const UNMATCHED_REASONS = {
  notRoutable:
    'Compte fermé ou signalé en doublon de SIRET : aucun flux reçu de la plateforme ne lui est appliqué.',
  notOurs: 'Ni le vendeur ni l’acheteur de la facture n’est l’entreprise de ce compte.',
  notSent: 'Aucune facture de ce numéro n’a été envoyée par ce compte via la plateforme.',
  otherBuyer: 'La facture de ce numéro envoyée via la plateforme a un autre acheteur.',
  notReceived: 'Aucune facture fournisseur de ce numéro n’a été reçue de ce vendeur via la plateforme.',
} as const;

export type StatusMatch =
  | { side: 'vendeur'; invoice: InvoiceRow }
  | { side: 'acheteur'; received: SupplierInvoiceRow }
  | { side: null; reason: string };

/**
 * The one document of the receiving account a lifecycle message is about, locked; never by number alone.
 * The seller hears of an invoice only if it is theirs (issuer SIREN = the account's), this account sent it
 * through the platform (an outgoing invoice flow it submitted, not rejected there) and it went to the
 * buyer the message names. The buyer hears of a supplier invoice only if it came to this account through
 * the platform from that seller's SIREN with that number. A closed account, or one flagged a duplicate of
 * another's SIRET, hears of nothing.
 */
export async function matchReceivedStatus(
  tx: Tx,
  userId: string,
  message: CdarMessage,
): Promise<StatusMatch> {
  const siret = await routingSiretOf(tx, userId);
  if (!siret) return { side: null, reason: UNMATCHED_REASONS.notRoutable };
  const ownSiren = siret.slice(0, 9);
  const { seller, buyer } = message.invoice;
  if (seller.siren === ownSiren) return soldInvoiceOf(tx, userId, message);
  if (seller.siren !== null && (buyer.siren === null || buyer.siren === ownSiren)) {
    return receivedInvoiceOf(tx, userId, message, seller.siren);
  }
  return { side: null, reason: UNMATCHED_REASONS.notOurs };
}

async function soldInvoiceOf(tx: Tx, userId: string, message: CdarMessage): Promise<StatusMatch> {
  const [sent] = await tx
    .select({ invoice: invoices })
    .from(platformFlows)
    .innerJoin(invoices, eq(invoices.id, platformFlows.invoiceId))
    .where(
      and(
        eq(platformFlows.userId, userId),
        eq(platformFlows.direction, 'sortant'),
        eq(platformFlows.kind, 'facture'),
        // Rejected or unroutable there (213, 221): no buyer ever received it. The platform's own statuses
        // still reach it (its 213 comes as a CDAR after the acknowledgement in error made the row rejetee).
        LIFECYCLE_STATUSES[message.statusCode].acteur === 'plateforme'
          ? undefined
          : ne(platformFlows.state, 'rejetee'),
        eq(invoices.issuerId, userId),
        eq(invoices.numero, message.invoice.numero),
      ),
    )
    .limit(1)
    .for('update', { of: invoices });
  if (!sent) return { side: null, reason: UNMATCHED_REASONS.notSent };
  const buyerSiren = message.invoice.buyer.siren;
  if (buyerSiren !== null && buyerSiren !== einvoicingBuyerSiren(sent.invoice.clientSnapshot)) {
    return { side: null, reason: UNMATCHED_REASONS.otherBuyer };
  }
  return { side: 'vendeur', invoice: sent.invoice };
}

async function receivedInvoiceOf(
  tx: Tx,
  userId: string,
  message: CdarMessage,
  sellerSiren: string,
): Promise<StatusMatch> {
  const [received] = await tx
    .select()
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.userId, userId),
        eq(supplierInvoices.source, 'plateforme'),
        eq(supplierInvoices.sellerSiren, sellerSiren),
        eq(supplierInvoices.numero, message.invoice.numero),
      ),
    )
    .for('update');
  if (!received) return { side: null, reason: UNMATCHED_REASONS.notReceived };
  return { side: 'acheteur', received };
}
