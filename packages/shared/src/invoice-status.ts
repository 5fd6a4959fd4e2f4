import type { DocumentLife } from './document-life.js';
import type { InvoiceType } from './document-types.js';

/**
 * The invoice state machine (DESIGN §5): one invoice, two sides. The issuer and the recipient each
 * read and change only their own side, within these rules.
 */

export const ISSUER_STATUSES = ['creee', 'brouillon', 'envoyee', 'payee', 'annulee'] as const;
export type IssuerStatus = (typeof ISSUER_STATUSES)[number];
export const RECIPIENT_STATUSES = ['non_vue', 'vue', 'acceptee', 'refusee', 'payee'] as const;
export type RecipientStatus = (typeof RECIPIENT_STATUSES)[number];
export type InvoiceStatus = IssuerStatus | RecipientStatus;

export const STATUS_LABELS: Record<InvoiceStatus, string> = {
  creee: 'Créée',
  brouillon: 'Brouillon',
  envoyee: 'Envoyée',
  acceptee: 'Acceptée',
  payee: 'Payée',
  annulee: 'Annulée',
  non_vue: 'Non vue',
  vue: 'Vue',
  refusee: 'Refusée',
};

export interface IssuerSideState {
  statutEmetteur: IssuerStatus;
  /** Sent by e-mail or on the platform, or marked sent: from then on the invoice is frozen. */
  sent: boolean;
  /** Paid, as declared by either side: from then on too. */
  paid: boolean;
  /** A credit note is refunded by its own means: it has no « payée » at all. */
  type?: InvoiceType;
  /**
   * Its life (document-life.ts): once issued, « payée » only while a payment may be recorded (never on a
   * refused, rejected, cancelled or fully credited invoice). Before issue, marking it paid issues it.
   */
  life?: Pick<DocumentLife, 'emise' | 'payable'>;
}

/** Whether « payée » is out of the question for this document, whatever its stored status. */
export function payeeRefused(state: Pick<IssuerSideState, 'type' | 'life'>): boolean {
  if (state.type === 'avoir') return true;
  return state.life?.emise === true && !state.life.payable;
}

/**
 * Where the issuer may move its side from here (SPEC §4: créée, envoyée, payée; plus brouillon
 * while unsent). The one rule for both GET /factures/{id}/statuts (what is offered) and
 * PUT …/statut-emetteur (what is accepted). A sent invoice cannot become unsent; a cancelled one is
 * final; and paid stays paid: a payment is a fact recorded on a frozen invoice, undone only by a
 * credit note, so a paid invoice can neither go back to créée/brouillon (it would read "Créée" while
 * paid and locked) nor to envoyée. When the recipient declared it paid, the issuer can only agree.
 * « Payée » is never offered where payeeRefused says so (a credit note; a refused, rejected or cancelled
 * invoice).
 */
export function issuerTransitions(state: IssuerSideState): IssuerStatus[] {
  const { statutEmetteur: current, sent, paid } = state;
  if (current === 'annulee' || current === 'payee') return [];
  const refused = payeeRefused(state);
  if (paid) return refused ? [] : ['payee'];
  const targets: IssuerStatus[] = sent ? ['envoyee', 'payee'] : ['creee', 'brouillon', 'envoyee', 'payee'];
  return targets.filter((status) => status !== current && !(status === 'payee' && refused));
}

/** The recipient may only declare the invoice paid (SPEC §4), once, and not on a cancelled one. */
export function recipientTransitions(
  statutDestinataire: RecipientStatus,
  statutEmetteur: IssuerStatus,
): RecipientStatus[] {
  if (statutEmetteur === 'annulee' || statutDestinataire === 'payee') return [];
  return ['payee'];
}

/** Frozen once sent or paid (DESIGN §5): no edit, no deletion; a correction is a credit note. */
export function isLocked(state: { statutEmetteur: IssuerStatus; sent: boolean; paid: boolean }): boolean {
  return state.sent || state.paid || state.statutEmetteur === 'annulee';
}
