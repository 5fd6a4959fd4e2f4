import {
  centsToEuros,
  type InvoiceListItem,
  type IssuerStatus,
  invoiceLabel,
  isLocked,
  type RecipientStatus,
} from '@facturo/shared';
import { isoMillis } from '../../lib/keyset-page.js';
import { counterpartFor } from '../account/counterpart.presenter.js';
import { lifeOfRow } from './document-life.presenter.js';
import type { DocumentListRow, InvoiceListRow } from './invoice-list.repo.js';
import { amountDueFields, lifeFields, type ViewerRole } from './invoices.presenter.js';

/** What an invoice row and a quote row present alike, as presentInvoice words it for the detail. */
export function presentDocumentRow(row: DocumentListRow) {
  return {
    _id: row.id,
    numero: row.numero,
    dateEmission: row.dateEmission,
    objet: row.objet,
    libelle: invoiceLabel({
      lignes: row.firstLine === null ? [] : [{ description: row.firstLine }],
      objet: row.objet,
    }),
    client: { _id: row.clientId, ...row.client },
    emetteur: { _id: row.issuerId, ...row.issuer },
    destinataire: row.recipient && {
      _id: row.recipient.id,
      nom: row.recipient.nom,
      prenom: row.recipient.prenom,
      email: row.recipient.email,
    },
    montantHT: centsToEuros(row.totalHtCents),
    montantTTC: centsToEuros(row.totalTtcCents),
    envoyeeLe: row.sentAt === null ? null : isoMillis(row.sentAt),
    createdAt: isoMillis(row.createdAt),
    updatedAt: isoMillis(row.updatedAt),
  };
}

/**
 * One row of an invoice list, for one of its two parties (each sees only its own side's status); `today`
 * (Paris) dates its lateness.
 */
export function presentInvoiceRow(row: InvoiceListRow, role: ViewerRole, today: string): InvoiceListItem {
  const issuerStatus = row.issuerStatus as IssuerStatus;
  const recipientStatus = row.recipientStatus as RecipientStatus;
  return {
    ...presentDocumentRow(row),
    type: row.type,
    dateEcheance: row.dateEcheance,
    statut: role === 'emetteur' ? issuerStatus : recipientStatus,
    statutEmetteur: role === 'emetteur' ? issuerStatus : null,
    statutDestinataire: role === 'destinataire' ? recipientStatus : null,
    payee: row.paid,
    verrouillee: isLocked({ statutEmetteur: issuerStatus, sent: row.sentAt !== null, paid: row.paid }),
    role,
    devis: row.quote && { _id: row.quote.id, numero: row.quote.numero },
    factureOrigine: row.creditedInvoice && {
      _id: row.creditedInvoice.id,
      numero: row.creditedInvoice.numero,
      dateEmission: row.creditedInvoice.dateEmission,
      montantTTC: centsToEuros(row.creditedInvoice.totalTtcCents),
    },
    montantAcomptes: centsToEuros(row.prepaidCents),
    netAPayer: centsToEuros(row.totalTtcCents - row.prepaidCents),
    // As on the detail (creditsOf): once the credit notes reach its total, the last one cancelled it.
    annuleeParAvoir:
      row.lastCreditNumero !== null && row.creditedCents >= row.totalTtcCents ? row.lastCreditNumero : null,
    ...amountDueFields(row, row.creditedCents),
    ...lifeFields(lifeOfRow(row, row.life, row.creditedCents, role, today)),
    contrepartie: counterpartFor(row.parties, role),
  };
}
