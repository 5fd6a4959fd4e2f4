import { centsToEuros, type Invoice, isLocked, thousandthsToQuantity } from '@facturo/shared';
import type { InvoiceRecord } from './invoices.repo.js';

export type ViewerRole = 'emetteur' | 'destinataire';

/** The API's view of an invoice, for one of its two parties: each sees only its own side's status. */
export function presentInvoice({ invoice, recipient }: InvoiceRecord, role: ViewerRole): Invoice {
  const paid = invoice.paidAt !== null;
  const client = invoice.clientSnapshot;
  return {
    _id: invoice.id,
    numero: invoice.numero,
    dateEmission: invoice.dateEmission,
    dateEcheance: invoice.dateEcheance,
    delaiPaiement: invoice.delaiPaiement,
    objet: invoice.objet,
    client: { _id: invoice.clientId, ...client },
    emetteur: { _id: invoice.issuerId, ...invoice.issuerSnapshot },
    destinataire: recipient
      ? { _id: recipient.id, nom: recipient.nom, prenom: recipient.prenom, email: recipient.email }
      : null,
    lignes: invoice.lines.map((line) => ({
      description: line.description,
      quantite: thousandthsToQuantity(line.quantityThousandths),
      prixUnitaire: centsToEuros(line.unitPriceCents),
      montant: centsToEuros(line.totalCents),
    })),
    montantHT: centsToEuros(invoice.totalHtCents),
    tauxTVA: Number(invoice.vatRate),
    montantTVA: centsToEuros(invoice.totalVatCents),
    montantTTC: centsToEuros(invoice.totalTtcCents),
    statut: role === 'emetteur' ? invoice.issuerStatus : invoice.recipientStatus,
    statutEmetteur: role === 'emetteur' ? invoice.issuerStatus : null,
    statutDestinataire: role === 'destinataire' ? invoice.recipientStatus : null,
    payee: paid,
    datePaiement: invoice.paidAt?.toISOString() ?? null,
    envoyeeLe: invoice.sentAt?.toISOString() ?? null,
    verrouillee: isLocked({ statutEmetteur: invoice.issuerStatus, sent: invoice.sentAt !== null, paid }),
    role,
    mentionsLegales: invoice.mentions,
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
  };
}
