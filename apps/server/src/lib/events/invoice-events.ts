import type { InvoiceRow } from '../../db/schema.js';
import type { LiveEvent } from './publish.js';

type Statuses = Pick<InvoiceRow, 'id' | 'issuerId' | 'recipientId' | 'issuerStatus' | 'recipientStatus'>;

/** To the recipient, as the invoice reaches their account on the platform. */
export function invoiceReceived(
  invoice: Pick<InvoiceRow, 'id' | 'numero'>,
  recipientId: string,
): LiveEvent<'invoice.received'> {
  return {
    userId: recipientId,
    type: 'invoice.received',
    data: { factureId: invoice.id, numero: invoice.numero },
  };
}

/**
 * To the other party of a status change (its invoice, list and totals are stale). Each side is told
 * only the status its own API shows it (invoices.presenter.ts), never the other side's.
 */
export function invoiceStatusChanged(invoice: Statuses, to: 'emetteur' | 'destinataire'): LiveEvent[] {
  const userId = to === 'emetteur' ? invoice.issuerId : invoice.recipientId;
  if (!userId) return [];
  return [
    {
      userId,
      type: 'invoice.status_changed',
      data: {
        factureId: invoice.id,
        statutEmetteur: to === 'emetteur' ? invoice.issuerStatus : null,
        statutDestinataire: to === 'destinataire' ? invoice.recipientStatus : null,
      },
    },
  ];
}
