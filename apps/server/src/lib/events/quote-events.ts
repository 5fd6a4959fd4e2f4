import type { QuoteRow } from '../../db/schema.js';
import type { LiveEvent } from './publish.js';

type Statuses = Pick<QuoteRow, 'id' | 'issuerId' | 'recipientId' | 'issuerStatus' | 'recipientStatus'>;

/** To the recipient, as the quote reaches their account on the platform. */
export function quoteReceived(
  quote: Pick<QuoteRow, 'id' | 'numero'>,
  recipientId: string,
): LiveEvent<'quote.received'> {
  return { userId: recipientId, type: 'quote.received', data: { devisId: quote.id, numero: quote.numero } };
}

/**
 * To the other party of a quote's change (opened, answered, an answer recorded by the issuer): its quote and
 * lists are stale. Both sides of a quote are shown to both parties (the recipient must know whether it still
 * waits for an answer), so the event carries both.
 */
export function quoteStatusChanged(quote: Statuses, to: 'emetteur' | 'destinataire'): LiveEvent[] {
  const userId = to === 'emetteur' ? quote.issuerId : quote.recipientId;
  if (!userId) return [];
  return [
    {
      userId,
      type: 'quote.status_changed',
      data: {
        devisId: quote.id,
        statutEmetteur: quote.issuerStatus,
        statutDestinataire: quote.recipientStatus,
      },
    },
  ];
}
