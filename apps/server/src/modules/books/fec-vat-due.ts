import type { SaleDocumentRow } from './fec.repo.js';

/*
 * When the VAT of a sale falls due (CGI art. 269, 2), and the VAT booked before it does:
 *  - goods: at delivery, which the invoice records; a deposit (acompte) on goods, though, when it is
 *    received (art. 269, 2-a, since 1 January 2023), to its amount;
 *  - services: when the price is received (art. 269, 2-c), deposits included, unless the seller opted
 *    for VAT on debits: then at the invoice, a deposit's included (the client's account is debited then);
 *  - « mixte » documents carry no split per line: booked as goods, at the invoice (the goods' part is due
 *    at delivery; declaring a services' part early is never a late payment). A mixte deposit waits for
 *    its receipt like any deposit, unless the seller opted for debits.
 * The option is read from the seller's profile as snapshotted on the document, and counts only under
 * `reel` (a franchise document charges no VAT).
 */
export function vatDueAtIssue(doc: Pick<SaleDocumentRow, 'type' | 'nature' | 'vatOnDebits'>): boolean {
  if (doc.vatOnDebits && doc.nature !== 'biens') return true;
  if (doc.type === 'acompte') return false;
  return doc.nature !== 'services';
}

interface Waiting {
  /** The document's VAT still waiting for its price. */
  vatCents: number;
  /** What the client still owes on it (TTC, less deposits deducted, payments and credit notes). */
  owedCents: number;
}

/**
 * The VAT waiting for its price, per document, followed in date order. A payment makes due the share of
 * the VAT still waiting that it pays of what is still owed (rounded to the cent), and the payment that
 * settles the document makes due all that is left: the shares of a fully paid document add up exactly
 * to its VAT. A payment recorded before its document is booked (dated earlier) counts at the booking.
 */
export class WaitingVat {
  private readonly byDocument = new Map<string, Waiting>();
  private readonly receivedEarly = new Map<string, number>();

  /** A document whose VAT waits: returns the part already due (paid before it was booked). */
  open(documentId: string, vatCents: number, owedCents: number): number {
    this.byDocument.set(documentId, { vatCents, owedCents });
    const early = this.receivedEarly.get(documentId) ?? 0;
    this.receivedEarly.delete(documentId);
    return early === 0 ? 0 : this.received(documentId, early);
  }

  /** A payment received on the document: the VAT it makes due. */
  received(documentId: string, amountCents: number): number {
    const waiting = this.byDocument.get(documentId);
    if (!waiting) {
      this.receivedEarly.set(documentId, (this.receivedEarly.get(documentId) ?? 0) + amountCents);
      return 0;
    }
    const share =
      amountCents >= waiting.owedCents
        ? waiting.vatCents
        : Math.round((amountCents * waiting.vatCents) / waiting.owedCents);
    waiting.vatCents -= share;
    waiting.owedCents = Math.max(0, waiting.owedCents - amountCents);
    return share;
  }

  /**
   * A credit note on the document: the part of its VAT taken back from what still waits (never due, so
   * never declared); the rest was due already and is taken back from the VAT collected.
   */
  credited(documentId: string, vatCents: number, ttcCents: number): number {
    const waiting = this.byDocument.get(documentId);
    if (!waiting) return 0;
    const share = Math.min(vatCents, waiting.vatCents);
    waiting.vatCents -= share;
    waiting.owedCents = Math.max(0, waiting.owedCents - ttcCents);
    return share;
  }

  /** All the document's VAT still waiting becomes due now (a deposit at its goods' delivery). */
  released(documentId: string): number {
    const waiting = this.byDocument.get(documentId);
    if (!waiting) return 0;
    const share = waiting.vatCents;
    waiting.vatCents = 0;
    return share;
  }
}
