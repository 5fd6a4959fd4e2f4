import { PAYMENT_METHOD_LABELS } from '@facturo/shared';
import type { FecClient, ReceivedPaymentRow, SaleDocumentRow } from './fec.repo.js';
import { vatDueAtIssue, WaitingVat } from './fec-vat-due.js';

/*
 * The accounting entries of the FEC (LPF art. A47 A-1), written from the issued documents and the
 * payments received — two journals, sales (VT) and receipts (BQ bank, CA cash). VAT is booked to 44571
 * « TVA collectée » when it falls due (CGI art. 269, 2; the rule is fec-vat-due.ts), and until then to
 * 4458 « Taxes sur le chiffre d'affaires à régulariser ou en attente »: the chart of accounts' own account
 * for VAT recorded but not yet due (4457x is VAT collected, so due; the 44574 some software opens under it
 * is no account of the PCG), so what 44571 holds is what the VAT return declares.
 *
 *  - an invoice:          debit 411 (client) of the TTC less the deposits deducted, and 4191 of those
 *                         deposits' HT; credit 706 services (707 goods) of its HT, and its VAT less the
 *                         deposits' (booked with each deposit): to 44571 when due at the invoice (goods, or
 *                         services on the debit option), else to 4458. When due at the invoice, the VAT of
 *                         the deducted deposits still waiting falls due with it (the goods are delivered):
 *                         credited to 44571 as well, debited from 4458;
 *  - a deposit invoice:   debit 411 TTC, credit 4191 « Clients – avances et acomptes reçus sur commandes »
 *                         of its HT (not a sale until the final invoice, which clears 4191 by the deposits'
 *                         HT, as creer-gerer-entreprendre.fr « Comptabiliser une facture d'acompte et une
 *                         facture de solde » writes it) and its VAT to 4458, due on receipt — 44571 on the
 *                         debit option for services. Booked when issued, so 411 carries what the client owes
 *                         and every payment is 411 alike;
 *  - a payment received:  debit 512 Banque (530 Caisse for cash, journal CA), credit 411 (client); when the
 *                         paid document's VAT waits, the same entry moves the share it pays from 4458 to
 *                         44571 (WaitingVat: shares rounded to the cent, the settling payment takes the rest);
 *  - a credit note:       the reverse of what it corrects (credit 411; debit 706/707, or 4191 for a deposit's,
 *                         of its HT); its VAT is taken back from 4458 as far as the corrected document's VAT
 *                         still waits (never declared), the rest from 44571 (declared already).
 *
 * « Mixte » documents carry no split per line: they go to 706, their VAT due as goods' (fec-vat-due.ts), and
 * the accountant may re-split them. The
 * VAT is the TTC less the HT, so every entry balances to the cent even on an old rounding. Entries are
 * followed from the issuer's first document, so VAT put in 4458 in an earlier year is made due in this
 * one; only the year's entries are written.
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
  vatWaiting: { num: '4458', lib: "Taxes sur le chiffre d'affaires à régulariser ou en attente" },
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

/** A line on the side its sign says: positive on `side`, negative on the other, none for zero. */
function signed(side: typeof debit, account: FecAccount, cents: number): FecLine[] {
  if (cents === 0) return [];
  const other = side === debit ? credit : debit;
  return [cents > 0 ? side(account, cents) : other(account, -cents)];
}

/** An invoice or a deposit invoice as a sale; its VAT still waiting is followed in `waiting`. */
function saleLines(doc: SaleDocumentRow, client: FecAccount, waiting: WaitingVat): FecLine[] {
  const revenue =
    doc.type === 'acompte' ? ACCOUNTS.deposits : doc.nature === 'biens' ? ACCOUNTS.goods : ACCOUNTS.services;
  const vatCents = doc.ttcCents - doc.htCents - doc.deductedVatCents;
  const dueCents = doc.ttcCents - doc.prepaidCents;
  const atIssue = vatDueAtIssue(doc);
  const vatDueNow = atIssue ? vatCents : waiting.open(doc.id, vatCents, dueCents);
  const depositsVatDueNow = atIssue
    ? doc.deductedDepositIds.reduce((sum, id) => sum + waiting.released(id), 0)
    : 0;
  const lines: FecLine[] = [];
  if (dueCents !== 0 || doc.prepaidCents === 0) lines.push(debit(ACCOUNTS.clients, dueCents, client));
  if (doc.prepaidCents !== 0)
    lines.push(...signed(debit, ACCOUNTS.deposits, doc.prepaidCents - doc.deductedVatCents));
  lines.push(credit(revenue, doc.htCents));
  lines.push(...signed(credit, ACCOUNTS.vat, vatDueNow + depositsVatDueNow));
  lines.push(...signed(credit, ACCOUNTS.vatWaiting, vatCents - vatDueNow - depositsVatDueNow));
  return lines;
}

/** A credit note: the reverse of what it corrects, its VAT taken back from where it stands. */
function creditNoteLines(doc: SaleDocumentRow, client: FecAccount, waiting: WaitingVat): FecLine[] {
  const reversedAccount =
    doc.creditedType === 'acompte'
      ? ACCOUNTS.deposits
      : doc.nature === 'biens'
        ? ACCOUNTS.goods
        : ACCOUNTS.services;
  const vatCents = doc.ttcCents - doc.htCents;
  const fromWaiting = doc.creditedId ? waiting.credited(doc.creditedId, vatCents, doc.ttcCents) : 0;
  return [
    credit(ACCOUNTS.clients, doc.ttcCents, client),
    debit(reversedAccount, doc.htCents),
    ...signed(debit, ACCOUNTS.vat, vatCents - fromWaiting),
    ...signed(debit, ACCOUNTS.vatWaiting, fromWaiting),
  ];
}

function paymentLines(payment: ReceivedPaymentRow, client: FecAccount, waiting: WaitingVat): FecLine[] {
  const vatDue = waiting.received(payment.invoiceId, payment.amountCents);
  return [
    debit(payment.method === 'especes' ? ACCOUNTS.cash : ACCOUNTS.bank, payment.amountCents),
    credit(ACCOUNTS.clients, payment.amountCents, client),
    ...signed(debit, ACCOUNTS.vatWaiting, vatDue),
    ...signed(credit, ACCOUNTS.vat, vatDue),
  ];
}

const DOCUMENT_WORDS = { facture: 'Facture', acompte: "Facture d'acompte", avoir: 'Avoir' } as const;

type Happening = { document: SaleDocumentRow } | { payment: ReceivedPaymentRow };
const whenOf = (happening: Happening) => ('document' in happening ? happening.document : happening.payment);

/**
 * Every entry of the `year`'s FEC, in date order, numbered without a gap within each journal, from the
 * documents and payments up to the end of that year (earlier years' make the waiting VAT what it was).
 */
export function fecEntries(
  documents: SaleDocumentRow[],
  payments: ReceivedPaymentRow[],
  year: number,
): FecEntry[] {
  const inYear = (day: string) => day.startsWith(`${year}-`);
  const aux = auxiliaryAccounts([
    ...documents.filter((d) => inYear(d.day)).map((d) => d.client),
    ...payments.filter((p) => inYear(p.day)).map((p) => p.client),
  ]);
  const auxOf = (client: FecClient): FecAccount =>
    aux.get(client.id) ?? { num: `C${client.id}`, lib: client.name };
  // The waiting VAT is followed in the order things happened: by day, then as they were recorded.
  const happenings: Happening[] = [
    ...documents.map((document) => ({ document })),
    ...payments.map((payment) => ({ payment })),
  ].sort(
    (a, b) =>
      whenOf(a).day.localeCompare(whenOf(b).day) || whenOf(a).recordedAt.localeCompare(whenOf(b).recordedAt),
  );
  const waiting = new WaitingVat();
  const entries: FecEntry[] = happenings.map((happening) => {
    if ('document' in happening) {
      const doc = happening.document;
      const client = auxOf(doc.client);
      return {
        journal: JOURNALS.sales,
        num: 0,
        day: doc.day,
        pieceRef: doc.numero,
        pieceDay: doc.day,
        label: `${DOCUMENT_WORDS[doc.type]} ${doc.numero} - ${doc.client.name}`,
        validDay: doc.validDay > doc.day ? doc.validDay : doc.day,
        lines: doc.type === 'avoir' ? creditNoteLines(doc, client, waiting) : saleLines(doc, client, waiting),
      };
    }
    const payment = happening.payment;
    const method = PAYMENT_METHOD_LABELS[payment.method];
    return {
      journal: payment.method === 'especes' ? JOURNALS.cash : JOURNALS.bank,
      num: 0,
      day: payment.day,
      pieceRef: payment.numero,
      pieceDay: payment.day,
      label: `Règlement ${payment.numero} - ${payment.client.name} - ${method}${payment.reference ? ` ${payment.reference}` : ''}`,
      validDay: payment.validDay > payment.day ? payment.validDay : payment.day,
      lines: paymentLines(payment, auxOf(payment.client), waiting),
    };
  });
  // Stable: within one journal and day, the order things were recorded (issue or recording order).
  const written = entries
    .filter((entry) => inYear(entry.day))
    .sort(
      (a, b) =>
        a.day.localeCompare(b.day) ||
        JOURNAL_ORDER.indexOf(a.journal.code) - JOURNAL_ORDER.indexOf(b.journal.code),
    );
  const counters = new Map<string, number>();
  for (const entry of written) {
    const num = (counters.get(entry.journal.code) ?? 0) + 1;
    counters.set(entry.journal.code, num);
    entry.num = num;
  }
  return written;
}
