import { PAYMENT_METHOD_LABELS } from '@facturo/shared';
import type { FecClient, ReceivedPaymentRow, SaleDocumentRow } from './fec.repo.js';

/*
 * The accounting entries of the FEC (LPF art. A47 A-1), written from the issued documents and the
 * payments received — a micro-entrepreneur's two journals, sales and receipts:
 *
 *  - an invoice:           debit 411 (client, TTC − deposits deducted) and 4191 (the deposits deducted),
 *                          credit 706 services (or 707 goods) HT and 44571 VAT;
 *  - a deposit invoice:    debit 411 TTC, credit 4191 « Clients – avances et acomptes reçus sur commandes »:
 *                          not a sale until the final invoice, which clears 4191 by the deposits it deducts
 *                          (the final invoice's entry above, as e.g. creer-gerer-entreprendre.fr « Comptabiliser
 *                          une facture d'acompte et une facture de solde » writes it). The deposit is booked
 *                          when issued, so 411 carries what the client owes and every payment is 411 alike;
 *                          its VAT stays within 4191 and is collected with the final invoice's;
 *  - a credit note:        the reverse of what it corrects (411 credit; 706/707 and 44571 debit, or 4191
 *                          debit for a deposit's);
 *  - a payment received:   debit 512 Banque (530 Caisse for cash, journal CA), credit 411 (client).
 *
 * « Mixte » invoices carry no split per line: they go to 706, and the accountant may re-split them.
 * The VAT line is the TTC less the HT, so every entry balances to the cent even on an old rounding.
 */

export interface FecAccount {
  num: string;
  lib: string;
}

export const ACCOUNTS = {
  clients: { num: '411', lib: 'Clients' },
  deposits: { num: '4191', lib: 'Clients - Avances et acomptes reçus sur commandes' },
  services: { num: '706', lib: 'Prestations de services' },
  goods: { num: '707', lib: 'Ventes de marchandises' },
  vat: { num: '44571', lib: 'TVA collectée' },
  bank: { num: '512', lib: 'Banque' },
  cash: { num: '530', lib: 'Caisse' },
} as const satisfies Record<string, FecAccount>;

export const JOURNALS = {
  sales: { code: 'VT', lib: 'Ventes' },
  bank: { code: 'BQ', lib: 'Banque' },
  cash: { code: 'CA', lib: 'Caisse' },
} as const;
export type FecJournal = (typeof JOURNALS)[keyof typeof JOURNALS];
const JOURNAL_ORDER: string[] = [JOURNALS.sales.code, JOURNALS.bank.code, JOURNALS.cash.code];

export interface FecLine {
  account: FecAccount;
  /** The client's auxiliary account, on the 411 lines. */
  aux: FecAccount | null;
  debitCents: number;
  creditCents: number;
}

export interface FecEntry {
  journal: FecJournal;
  /** 1, 2, 3… within its journal, in date order. */
  num: number;
  /** YYYY-MM-DD. */
  day: string;
  pieceRef: string;
  pieceDay: string;
  label: string;
  validDay: string;
  lines: FecLine[];
}

/**
 * A stable auxiliary account per client: « C » and the start of its id, longer when two of the file's
 * clients would share it (so the same client keeps its number from one year's file to the next).
 */
export function auxiliaryAccounts(clients: FecClient[]): Map<string, FecAccount> {
  const byId = new Map(clients.map((c) => [c.id, c]));
  const accounts = new Map<string, FecAccount>();
  for (let length = 8; length <= 32 && accounts.size < byId.size; length += 4) {
    const taken = new Map<string, number>();
    for (const id of byId.keys()) {
      if (accounts.has(id)) continue;
      const num = `C${id.replaceAll('-', '').slice(0, length).toUpperCase()}`;
      taken.set(num, (taken.get(num) ?? 0) + 1);
    }
    for (const [id, client] of byId) {
      if (accounts.has(id)) continue;
      const num = `C${id.replaceAll('-', '').slice(0, length).toUpperCase()}`;
      if (taken.get(num) === 1 || length === 32) accounts.set(id, { num, lib: client.name });
    }
  }
  return accounts;
}

const debit = (account: FecAccount, cents: number, aux: FecAccount | null = null): FecLine => ({
  account,
  aux,
  debitCents: cents,
  creditCents: 0,
});
const credit = (account: FecAccount, cents: number, aux: FecAccount | null = null): FecLine => ({
  account,
  aux,
  debitCents: 0,
  creditCents: cents,
});

/** The lines of an invoice as a sale; a credit note swaps debit and credit. */
function saleLines(doc: SaleDocumentRow, client: FecAccount): FecLine[] {
  const revenue = doc.nature === 'biens' ? ACCOUNTS.goods : ACCOUNTS.services;
  const vatCents = doc.ttcCents - doc.htCents;
  const dueCents = doc.ttcCents - doc.prepaidCents;
  const lines: FecLine[] = [];
  if (dueCents !== 0 || doc.prepaidCents === 0) lines.push(debit(ACCOUNTS.clients, dueCents, client));
  if (doc.prepaidCents !== 0) lines.push(debit(ACCOUNTS.deposits, doc.prepaidCents));
  lines.push(credit(revenue, doc.htCents));
  if (vatCents !== 0) lines.push(credit(ACCOUNTS.vat, vatCents));
  return lines;
}

const reversed = (lines: FecLine[]): FecLine[] =>
  lines.map((line) => ({ ...line, debitCents: line.creditCents, creditCents: line.debitCents }));

function documentLines(doc: SaleDocumentRow, client: FecAccount): FecLine[] {
  const deposit = [debit(ACCOUNTS.clients, doc.ttcCents, client), credit(ACCOUNTS.deposits, doc.ttcCents)];
  if (doc.type === 'acompte') return deposit;
  if (doc.type === 'avoir')
    return reversed(doc.creditedType === 'acompte' ? deposit : saleLines(doc, client));
  return saleLines(doc, client);
}

const DOCUMENT_WORDS = { facture: 'Facture', acompte: "Facture d'acompte", avoir: 'Avoir' } as const;

/** Every entry of the year's FEC, in date order, numbered without a gap within each journal. */
export function fecEntries(documents: SaleDocumentRow[], payments: ReceivedPaymentRow[]): FecEntry[] {
  const aux = auxiliaryAccounts([...documents.map((d) => d.client), ...payments.map((p) => p.client)]);
  const auxOf = (client: FecClient): FecAccount =>
    aux.get(client.id) ?? { num: `C${client.id}`, lib: client.name };
  const entries: FecEntry[] = [
    ...documents.map((doc) => ({
      journal: JOURNALS.sales,
      num: 0,
      day: doc.day,
      pieceRef: doc.numero,
      pieceDay: doc.day,
      label: `${DOCUMENT_WORDS[doc.type]} ${doc.numero} - ${doc.client.name}`,
      validDay: doc.validDay > doc.day ? doc.validDay : doc.day,
      lines: documentLines(doc, auxOf(doc.client)),
    })),
    ...payments.map((payment) => {
      const cash = payment.method === 'especes';
      const method = PAYMENT_METHOD_LABELS[payment.method];
      return {
        journal: cash ? JOURNALS.cash : JOURNALS.bank,
        num: 0,
        day: payment.day,
        pieceRef: payment.numero,
        pieceDay: payment.day,
        label: `Règlement ${payment.numero} - ${payment.client.name} - ${method}${payment.reference ? ` ${payment.reference}` : ''}`,
        validDay: payment.validDay > payment.day ? payment.validDay : payment.day,
        lines: [
          debit(cash ? ACCOUNTS.cash : ACCOUNTS.bank, payment.amountCents),
          credit(ACCOUNTS.clients, payment.amountCents, auxOf(payment.client)),
        ],
      };
    }),
  ];
  // Stable: within one journal and day, the order the repo gave (issue or recording order).
  entries.sort(
    (a, b) =>
      a.day.localeCompare(b.day) ||
      JOURNAL_ORDER.indexOf(a.journal.code) - JOURNAL_ORDER.indexOf(b.journal.code),
  );
  const counters = new Map<string, number>();
  for (const entry of entries) {
    const num = (counters.get(entry.journal.code) ?? 0) + 1;
    counters.set(entry.journal.code, num);
    entry.num = num;
  }
  return entries;
}
