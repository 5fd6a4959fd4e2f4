import {
  isQuoteLocked,
  type QuoteIssuerStatus,
  type QuoteListItem,
  type QuoteRecipientStatus,
} from '@facturo/shared';
import { counterpartFor } from '../account/counterpart.presenter.js';
import { presentDocumentRow } from '../invoices/invoice-list.presenter.js';
import type { ViewerRole } from '../invoices/invoices.presenter.js';
import type { QuoteListRow } from './quote-list.repo.js';
import { recipientSide } from './quotes.presenter.js';

/** One row of a quote list; both parties see both sides of a quote, as on its detail (presentQuote). */
export function presentQuoteRow(row: QuoteListRow, role: ViewerRole): QuoteListItem {
  const issuerStatus = row.issuerStatus as QuoteIssuerStatus;
  const recipientStatus = row.recipientStatus as QuoteRecipientStatus;
  return {
    ...presentDocumentRow(row),
    type: 'devis',
    dateValidite: row.dateValidite,
    statut: role === 'emetteur' ? issuerStatus : recipientStatus,
    statutEmetteur: issuerStatus,
    statutDestinataire: recipientSide(row.recipient !== null, recipientStatus),
    verrouille: isQuoteLocked(issuerStatus),
    role,
    factureFinale: row.finalInvoice && { _id: row.finalInvoice.id, numero: row.finalInvoice.numero },
    contrepartie: counterpartFor(row.parties, role),
  };
}
