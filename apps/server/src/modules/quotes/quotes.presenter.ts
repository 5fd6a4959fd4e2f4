import { centsToEuros, isQuoteLocked, type Quote, type QuoteRecipientStatus } from '@facturo/shared';
import type { InvoiceRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { presentInvoice, type ViewerRole } from '../invoices/invoices.presenter.js';
import { invoicesOfQuotes, type QuoteInvoice, type QuoteRecord } from './quotes.repo.js';

/**
 * A quote's lines, totals, VAT, parties, delivery and mentions are an invoice's: they are presented by
 * the invoices' own presenter (one reading of the snapshots), then the quote's own fields are added.
 * Both parties see both sides of a quote: the recipient must know whether it still waits for an answer.
 */
export function presentQuote(
  { quote, recipient, parties }: QuoteRecord,
  role: ViewerRole,
  documents: readonly QuoteInvoice[],
): Quote {
  const asInvoice: InvoiceRow = {
    ...quote,
    type: 'facture',
    issuerStatus: 'creee',
    delaiPaiement: 0,
    dateEcheance: quote.dateValidite,
    paidAt: null,
    quoteId: null,
    creditedInvoiceId: null,
    creditReason: '',
    prepaidCents: 0,
    paidCents: 0,
    refs: {},
    issuedAt: null,
    channel: null,
    viewedAt: null,
    dispute: null,
    disputeReason: null,
    disputedAt: null,
    declaredCents: 0,
    cancelReason: null,
  };
  const common = presentInvoice({ invoice: asInvoice, recipient, credits: [], parties }, role);
  const mine = documents.filter((d) => d.quoteId === quote.id);
  const deposits = mine.filter((d) => d.type === 'acompte');
  const final = mine.find((d) => d.type === 'facture');
  return {
    _id: common._id,
    type: 'devis',
    numero: common.numero,
    dateEmission: common.dateEmission,
    dateValidite: quote.dateValidite,
    objet: common.objet,
    client: common.client,
    emetteur: common.emetteur,
    destinataire: common.destinataire,
    lignes: common.lignes,
    montantHT: common.montantHT,
    tauxTVA: common.tauxTVA,
    montantTVA: common.montantTVA,
    montantTTC: common.montantTTC,
    ventilationTVA: common.ventilationTVA,
    categorieTVA: common.categorieTVA,
    mentionTVA: common.mentionTVA,
    mentionsProfessionnelles: common.mentionsProfessionnelles,
    dateLivraison: common.dateLivraison,
    adresseLivraison: common.adresseLivraison,
    envoyeeLe: common.envoyeeLe,
    role,
    mentionsLegales: common.mentionsLegales,
    statut: role === 'emetteur' ? quote.issuerStatus : quote.recipientStatus,
    statutEmetteur: quote.issuerStatus,
    statutDestinataire: recipientSide(quote.recipientId !== null, quote.recipientStatus),
    reponduLe: quote.answeredAt?.toISOString() ?? null,
    commentaireReponse: quote.answerComment,
    reponseHorsPlateforme: quote.answeredOffPlatform,
    verrouille: isQuoteLocked(quote.issuerStatus),
    acomptes: deposits.map((d) => ({
      _id: d.id,
      numero: d.numero,
      dateEmission: d.dateEmission,
      montantTTC: centsToEuros(d.totalTtcCents),
    })),
    montantAcomptes: centsToEuros(netOfCredits(deposits)),
    factureFinale: final ? { _id: final.id, numero: final.numero } : null,
    createdAt: common.createdAt,
    updatedAt: common.updatedAt,
    contrepartie: common.contrepartie,
  };
}

/**
 * The recipient's side, once there is one: an account that received the quote, or a reader of its signed
 * link who opened it (« vue » with no account yet).
 */
export function recipientSide(received: boolean, status: QuoteRecipientStatus): QuoteRecipientStatus | null {
  return received || status !== 'non_vue' ? status : null;
}

/** What deposits still stand for: their TTC less what credit notes took back. */
export function netOfCredits(deposits: readonly QuoteInvoice[]): number {
  return deposits.reduce((sum, d) => sum + d.totalTtcCents - d.creditedCents, 0);
}

/** Presents quotes with the invoices made from them, read in one query for the whole list. */
export async function presentQuotes(
  db: DbOrTx,
  records: readonly QuoteRecord[],
  role: ViewerRole,
): Promise<Quote[]> {
  const documents = await invoicesOfQuotes(
    db,
    records.map((r) => r.quote.id),
  );
  return records.map((record) => presentQuote(record, role, documents));
}

export async function presentOneQuote(db: DbOrTx, record: QuoteRecord, role: ViewerRole): Promise<Quote> {
  const [quote] = await presentQuotes(db, [record], role);
  if (!quote) throw new Error('presentQuotes lost a quote');
  return quote;
}
