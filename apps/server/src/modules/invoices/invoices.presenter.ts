import {
  centsToEuros,
  type DocumentLife,
  type Invoice,
  isBusinessClient,
  isLocked,
  presentAddress,
  remainingDueCents,
  sirenOf,
  thousandthsToQuantity,
  VAT_TREATMENTS,
  vatExemption,
} from '@facturo/shared';
import { counterpartFor } from '../account/counterpart.presenter.js';
import { lifeOfRow, storedLifeOf } from './document-life.presenter.js';
import { readClient, readIssuer, readLine, storedBreakdown } from './invoice-snapshots.js';
import type { InvoiceRecord } from './invoices.repo.js';

/** A 0 % line's reason, as the sheet prints it: its code and French mention, or nothing. */
function exemptionOf(code: string): { motifExoneration?: string; mentionExoneration?: string } {
  const exemption = vatExemption(code);
  return exemption ? { motifExoneration: exemption.code, mentionExoneration: exemption.mention } : {};
}

export type ViewerRole = 'emetteur' | 'destinataire';

/**
 * The API's view of an invoice, for one of its two parties: each sees only its own side's status.
 * `today` (Paris, from the app clock) dates its lateness; without it (quotes, data exports) none is told.
 */
export function presentInvoice(
  { invoice, recipient, credits, parties }: InvoiceRecord,
  role: ViewerRole,
  today: string | null = null,
): Invoice {
  const paid = invoice.paidAt !== null;
  const client = readClient(invoice.clientSnapshot);
  return {
    _id: invoice.id,
    type: invoice.type,
    numero: invoice.numero,
    dateEmission: invoice.dateEmission,
    dateEcheance: invoice.dateEcheance,
    delaiPaiement: invoice.delaiPaiement,
    objet: invoice.objet,
    client: {
      _id: invoice.clientId,
      nom: client.nom,
      email: client.email,
      telephone: client.telephone,
      siret: client.siret,
      siren: sirenOf(client.siret),
      type: client.type,
      tvaIntracommunautaire: client.tvaIntracommunautaire,
      adresse: presentAddress(client.adresse),
    },
    emetteur: { _id: invoice.issuerId, ...readIssuer(invoice.issuerSnapshot, invoice.mentions) },
    destinataire: recipient
      ? { _id: recipient.id, nom: recipient.nom, prenom: recipient.prenom, email: recipient.email }
      : null,
    lignes: invoice.lines.map(readLine).map((line) => ({
      description: line.description,
      quantite: thousandthsToQuantity(line.quantityThousandths),
      unite: line.unit,
      prixUnitaire: centsToEuros(line.unitPriceCents),
      tauxTVA: line.vatRate,
      montant: centsToEuros(line.totalCents),
      ...exemptionOf(line.exemptionCode),
    })),
    montantHT: centsToEuros(invoice.totalHtCents),
    tauxTVA: Number(invoice.vatRate),
    montantTVA: centsToEuros(invoice.totalVatCents),
    montantTTC: centsToEuros(invoice.totalTtcCents),
    ventilationTVA: storedBreakdown(invoice).map((entry) => ({
      taux: entry.taux,
      baseHT: centsToEuros(entry.baseHTCents),
      montantTVA: centsToEuros(entry.montantTVACents),
    })),
    categorieTVA: invoice.vatCategory,
    mentionTVA: VAT_TREATMENTS[invoice.vatCategory].mention,
    mentionsProfessionnelles: isBusinessClient(client),
    dateLivraison: invoice.dateLivraison ?? invoice.dateEmission,
    adresseLivraison: invoice.deliveryAddress ? presentAddress(invoice.deliveryAddress) : null,
    statut: role === 'emetteur' ? invoice.issuerStatus : invoice.recipientStatus,
    statutEmetteur: role === 'emetteur' ? invoice.issuerStatus : null,
    statutDestinataire: role === 'destinataire' ? invoice.recipientStatus : null,
    payee: paid,
    datePaiement: invoice.paidAt?.toISOString() ?? null,
    envoyeeLe: invoice.sentAt?.toISOString() ?? null,
    verrouillee: isLocked({ statutEmetteur: invoice.issuerStatus, sent: invoice.sentAt !== null, paid }),
    role,
    mentionsLegales: {
      ...invoice.mentions,
      tvaIntracommunautaire:
        invoice.issuerSnapshot.tvaIntracommunautaire ?? invoice.mentions.tvaIntracommunautaire,
      // Written before the penalties had their own field: they were inside the indemnity text.
      penalitesRetard: invoice.mentions.penalitesRetard ?? '',
    },
    ...documentLinks(invoice),
    ...creditsOf(invoice, credits),
    ...amountDueFields(invoice, creditedCentsOf(credits)),
    ...lifeFields(lifeOfRow(invoice, storedLifeOf(invoice), creditedCentsOf(credits), role, today)),
    createdAt: invoice.createdAt.toISOString(),
    updatedAt: invoice.updatedAt.toISOString(),
    contrepartie: counterpartFor(parties, role),
  };
}

type StoredReference = { id: string; numero: string; dateEmission: string; totalTtcCents: number };
const reference = (ref: StoredReference) => ({
  _id: ref.id,
  numero: ref.numero,
  dateEmission: ref.dateEmission,
  montantTTC: centsToEuros(ref.totalTtcCents),
});

/** What the invoice refers to, as written on it (issue 15). */
function documentLinks(invoice: InvoiceRecord['invoice']) {
  const { refs } = invoice;
  return {
    devis: refs.quote ? { _id: refs.quote.id, numero: refs.quote.numero } : null,
    factureOrigine: refs.creditedInvoice ? reference(refs.creditedInvoice) : null,
    motif: invoice.creditReason,
    acomptes: (refs.deposits ?? []).map(reference),
    montantAcomptes: centsToEuros(invoice.prepaidCents),
    netAPayer: centsToEuros(invoice.totalTtcCents - invoice.prepaidCents),
  };
}

/**
 * The credit notes issued against the invoice (issue 15), the same for both parties: once they reach the
 * invoice's total, it reads « Annulée par avoir » with the number of the one that completed it.
 */
const creditedCentsOf = (credits: InvoiceRecord['credits']) =>
  credits.reduce((sum, credit) => sum + credit.totalTtcCents, 0);

function creditsOf(invoice: InvoiceRecord['invoice'], credits: InvoiceRecord['credits']) {
  const creditedCents = creditedCentsOf(credits);
  const last = credits.at(-1);
  return {
    avoirs: credits.map(reference),
    montantCredite: centsToEuros(creditedCents),
    annuleeParAvoir: last && creditedCents >= invoice.totalTtcCents ? last.numero : null,
  };
}

/** What an invoice row needs to tell what is paid and still due (the detail's row, or a list's). */
export interface AmountDueRow {
  type: InvoiceRecord['invoice']['type'];
  totalTtcCents: number;
  prepaidCents: number;
  paidCents: number;
}

/**
 * Paid and still due, by the shared rule (amount-due.ts). A credit note asks for nothing: it is money the
 * issuer owes back. Whether it is late is the document's life (`cycle.enRetard`), read once.
 */
export function amountDueFields(row: AmountDueRow, creditedCents: number) {
  const remainingCents =
    row.type === 'avoir'
      ? 0
      : remainingDueCents({
          totalTtcCents: row.totalTtcCents,
          prepaidCents: row.prepaidCents,
          creditedCents,
          paidCents: row.paidCents,
        });
  return { montantPaye: centsToEuros(row.paidCents), resteAPayer: centsToEuros(remainingCents) };
}

/** The life of the reader's side, and the API's top-level lateness read from it (one rule, one answer). */
export function lifeFields(cycle: DocumentLife) {
  return { enRetard: cycle.enRetard, joursRetard: cycle.joursRetard, cycle };
}
