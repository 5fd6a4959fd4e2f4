import { createHash } from 'node:crypto';
import type { JournalDocumentType } from '@facturo/shared';
import type { InvoiceRow, PaymentRow, QuoteRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { appendJournal, type JournalEvent, journalContent } from './journal-append.js';

/*
 * The journal's hooks (issue 18), shared by the modules whose changes are journalled: each call writes
 * entries in the caller's transaction, so they commit or roll back with the change they record.
 */

type JournalDocument = NonNullable<JournalEvent['document']>;

export const invoiceDocument = (invoice: Pick<InvoiceRow, 'type' | 'id' | 'numero'>): JournalDocument => ({
  type: invoice.type,
  id: invoice.id,
  numero: invoice.numero,
});

export const quoteDocument = (quote: Pick<QuoteRow, 'id' | 'numero'>): JournalDocument => ({
  type: 'devis',
  id: quote.id,
  numero: quote.numero,
});

/** Both sides' statuses of a document (invoice or quote); the recipient's is null before it is sent. */
interface Statuses {
  issuerStatus: string;
  recipientStatus: string | null;
}

/**
 * One `statut` entry per side whose status `changes` move: {cote, de, vers}, with `details` added
 * (what caused it). Nothing when neither side moves.
 */
export async function journalStatusChanges(
  db: DbOrTx,
  issuerId: string,
  document: JournalDocument,
  before: Statuses,
  changes: Partial<Statuses>,
  at: Date,
  details: Record<string, unknown> = {},
): Promise<void> {
  const sides = [
    ['emetteur', before.issuerStatus, changes.issuerStatus],
    ['destinataire', before.recipientStatus, changes.recipientStatus],
  ] as const;
  for (const [cote, de, vers] of sides) {
    if (vers === undefined || vers === de) continue;
    await appendJournal(db, {
      issuerId,
      kind: 'statut',
      document,
      at,
      details: { cote, de, vers, ...details },
    });
  }
}

/** A number given to a document (`numero_attribue`), with its amount and its first status. */
export async function journalNumbered(
  db: DbOrTx,
  row: { issuerId: string; totalTtcCents: number; issuerStatus: string },
  document: JournalDocument,
  at: Date,
): Promise<void> {
  await appendJournal(db, {
    issuerId: row.issuerId,
    kind: 'numero_attribue',
    document,
    at,
    details: numberedDetails(row),
  });
}

export const numberedDetails = (row: { totalTtcCents: number; issuerStatus: string }) => ({
  montantTtcCents: row.totalTtcCents,
  statut: row.issuerStatus,
});

/**
 * The content of a `numero_attribue` entry whose number SQL computes in the statement that gives it
 * (invoice-creation.repo.ts): the text before and after the number's JSON string, so that
 * `head || to_json(numero)::text || tail` is exactly journalContent of the event with that number.
 */
export function numberedContentAround(event: {
  issuerId: string;
  type: JournalDocumentType;
  id: string;
  at: Date;
  totalTtcCents: number;
  issuerStatus: string;
}): { head: string; tail: string } {
  const marker = '\u0000numero\u0000';
  const text = journalContent({
    issuerId: event.issuerId,
    kind: 'numero_attribue',
    document: { type: event.type, id: event.id, numero: marker },
    at: event.at,
    details: numberedDetails(event),
  });
  const [head, tail] = text.split(JSON.stringify(marker));
  if (head === undefined || tail === undefined) throw new Error('journal content without its number');
  return { head, tail };
}

/** A payment's event on its invoice: amount in cents, method, day, status and who wrote it. */
export async function journalPayment(
  db: DbOrTx,
  invoice: Pick<InvoiceRow, 'issuerId' | 'type' | 'id' | 'numero'>,
  kind: 'paiement' | 'paiement_confirme' | 'paiement_rejete' | 'paiement_supprime',
  payment: Pick<PaymentRow, 'amountCents' | 'method' | 'datePaiement' | 'status' | 'source'> & {
    id?: string;
  },
  at: Date,
): Promise<void> {
  await appendJournal(db, {
    issuerId: invoice.issuerId,
    kind,
    document: invoiceDocument(invoice),
    at,
    details: {
      paiementId: payment.id ?? null,
      montantCents: payment.amountCents,
      methode: payment.method,
      datePaiement: payment.datePaiement,
      statut: payment.status,
      source: payment.source,
    },
  });
}

/**
 * A quote sent (platform or e-mail): its status changes, and on its first sending its `emission` — with
 * the SHA-256 of the PDF attached when one was (a quote keeps no stored original).
 */
export async function journalQuoteSent(
  db: DbOrTx,
  quote: QuoteRow,
  changes: { issuerStatus?: QuoteRow['issuerStatus']; recipientStatus?: QuoteRow['recipientStatus'] },
  at: Date,
  // 'facturo': sent to a Facturo account; journal rows written before the rename keep their stored 'plateforme'.
  via: 'facturo' | 'email',
  pdf: Buffer | null,
): Promise<void> {
  const document = quoteDocument(quote);
  await journalStatusChanges(db, quote.issuerId, document, quote, changes, at, { via });
  if (quote.sentAt !== null) return;
  await appendJournal(db, {
    issuerId: quote.issuerId,
    kind: 'emission',
    document,
    at,
    pdfSha256: pdf ? createHash('sha256').update(pdf).digest('hex') : null,
    details: { via },
  });
}
