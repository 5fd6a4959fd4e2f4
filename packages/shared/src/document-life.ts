/**
 * One life of an invoice, a deposit or a credit note (DESIGN §5): from the facts that are recorded on it
 * (numbered, issued, sent by one channel, viewed, paid in part or whole, a payment declared, refused or
 * disputed, rejected by the approved platform, credited, cancelled), each side reads one state with its
 * French label and the flags its screens need. Lists, badges, filters, the dashboard, reminders,
 * notifications, books and exports all read this, never the stored statuses alone; the server's SQL twin
 * (apps/server/src/modules/invoices/document-life.sql.ts) computes the same state for filters and counts.
 */

import { z } from 'zod';
import { type AmountDueParts, daysLate, remainingDueCents } from './amount-due.js';
import type { InvoiceType } from './document-types.js';
import type { IssuerStatus } from './invoice-status.js';

/**
 * How an issued invoice went out, fixed at its first sending. `facturo`: placed in the client's Facturo
 * account (the internal channel); `plateforme_agreee`: through the approved platform (AFNOR XP Z12-013),
 * after which no other channel may send it (only an e-mail copy labelled as such); `marquee`: the issuer
 * marked it sent (handed over, posted); `paiement`: marked paid before any sending.
 */
export const SENDING_CHANNELS = ['email', 'facturo', 'plateforme_agreee', 'marquee', 'paiement'] as const;
export type SendingChannel = (typeof SENDING_CHANNELS)[number];

export const CHANNEL_LABELS: Record<SendingChannel, string> = {
  email: 'par e-mail',
  facturo: 'sur Facturo',
  plateforme_agreee: 'via la plateforme agréée',
  marquee: 'marquée envoyée',
  paiement: 'marquée payée',
};

/**
 * The recipient's objection, last one recorded: `refusee` (refused on Facturo, or 210 Refusée through
 * the approved platform; final), `litige` (207 En litige: the buyer disputes it and may still approve),
 * `rejetee` (213 Rejetée or 221 Erreur de routage: the approved platform did not deliver it; final).
 */
export const DISPUTES = ['refusee', 'litige', 'rejetee'] as const;
export type Dispute = (typeof DISPUTES)[number];

/** Everything the life is derived from: the invoice row's own columns and its credit notes' total. */
export interface DocumentLifeFacts extends AmountDueParts {
  type: InvoiceType;
  /** The stored issuer status (creee, brouillon, envoyee, payee, annulee). */
  statutEmetteur: IssuerStatus;
  /** « Émise »: the first sending by any channel, marking sent or paid; credit notes at creation. */
  issuedAt: string | null;
  channel: SendingChannel | null;
  /** The first time the recipient opened it (in their account or through the e-mailed link). */
  viewedAt: string | null;
  dispute: Dispute | null;
  /** Declared by the payer and not yet confirmed or rejected by the issuer. */
  declaredCents: number;
  dateEcheance: string;
}

export const LIFE_STATES = [
  'creee',
  'brouillon',
  'envoyee',
  'non_vue',
  'vue',
  'paiement_signale',
  'partiellement_payee',
  'payee',
  'refusee',
  'contestee',
  'rejetee',
  'emis',
  'annulee',
] as const;
export type LifeState = (typeof LIFE_STATES)[number];

export const LIFE_LABELS: Record<LifeState, string> = {
  creee: 'Créée',
  brouillon: 'Brouillon',
  envoyee: 'Envoyée',
  non_vue: 'Non vue',
  vue: 'Vue',
  paiement_signale: 'Paiement signalé',
  partiellement_payee: 'Partiellement payée',
  payee: 'Payée',
  refusee: 'Refusée',
  contestee: 'Contestée',
  rejetee: 'Rejetée par la plateforme',
  emis: 'Émis',
  annulee: 'Annulée',
};

/** How a badge draws a state: one colour per meaning, the same on every screen. */
export type LifeTone = 'neutre' | 'info' | 'attente' | 'succes' | 'alerte' | 'danger' | 'eteint';
export const LIFE_TONES: Record<LifeState, LifeTone> = {
  creee: 'neutre',
  brouillon: 'neutre',
  envoyee: 'info',
  non_vue: 'info',
  vue: 'info',
  paiement_signale: 'attente',
  partiellement_payee: 'attente',
  payee: 'succes',
  refusee: 'danger',
  contestee: 'alerte',
  rejetee: 'danger',
  emis: 'info',
  annulee: 'eteint',
};

export type LifeSide = 'emetteur' | 'destinataire';

export interface DocumentLife {
  etat: LifeState;
  libelle: string;
  ton: LifeTone;
  /** Issued (« émise »): frozen, journalled, counted as invoiced, booked and archived. */
  emise: boolean;
  canal: SendingChannel | null;
  vue: boolean;
  /** Refused, disputed or rejected, and not settled since (paid or cancelled). */
  contestee: boolean;
  partiellementPayee: boolean;
  /** A payment declared by the payer that the issuer has neither confirmed nor rejected. */
  paiementSignale: boolean;
  enRetard: boolean;
  joursRetard: number;
  /** Cents still due (0 on a credit note, a cancelled or a fully credited invoice). */
  resteCents: number;
  /** Whether a reminder (automatic or by hand) may go to the client about it. */
  relancable: boolean;
  /** Whether a payment may be recorded, declared or « Marquer comme payée » offered. */
  payable: boolean;
}

/** Fully credited: credit notes cover everything that was due before payments (« Annulée par avoir »). */
export function isFullyCredited(facts: DocumentLifeFacts): boolean {
  const due = facts.totalTtcCents - facts.prepaidCents;
  return facts.type !== 'avoir' && facts.creditedCents > 0 && facts.creditedCents >= due;
}

export function isIssued(facts: Pick<DocumentLifeFacts, 'issuedAt'>): boolean {
  return facts.issuedAt !== null;
}

/**
 * The state each side reads. Precedence, strongest first: cancelled (unsent and deleted, or fully
 * credited), paid, rejected by the platform, refused, disputed, payment declared, partly paid, viewed,
 * sent; before issue, the stored créée/brouillon. A credit note is only ever issued or cancelled.
 */
export function documentLife(facts: DocumentLifeFacts, side: LifeSide, today: string): DocumentLife {
  const emise = isIssued(facts);
  const cancelled = facts.statutEmetteur === 'annulee' || isFullyCredited(facts);
  const remaining = facts.type === 'avoir' || cancelled ? 0 : remainingDueCents(facts);
  const paid =
    !cancelled && facts.type !== 'avoir' && emise && (facts.statutEmetteur === 'payee' || remaining === 0);
  const open = emise && !cancelled && !paid && facts.type !== 'avoir';
  const contestee = open && facts.dispute !== null;
  const partiellementPayee = open && facts.paidCents > 0;
  const paiementSignale = open && facts.declaredCents > 0;
  const late = open ? daysLate(facts.dateEcheance, today) : 0;
  const enRetard = open && late > 0 && remaining > 0;
  const etat = stateOf(facts, side, {
    emise,
    cancelled,
    paid,
    contestee,
    partiellementPayee,
    paiementSignale,
  });
  return {
    etat,
    libelle: LIFE_LABELS[etat],
    ton: LIFE_TONES[etat],
    emise,
    canal: facts.channel,
    vue: facts.viewedAt !== null,
    contestee,
    partiellementPayee,
    paiementSignale,
    enRetard,
    joursRetard: enRetard ? late : 0,
    resteCents: remaining,
    relancable: open && !contestee && remaining > 0,
    payable: open && facts.dispute !== 'rejetee' && facts.dispute !== 'refusee' && remaining > 0,
  };
}

function stateOf(
  facts: DocumentLifeFacts,
  side: LifeSide,
  s: {
    emise: boolean;
    cancelled: boolean;
    paid: boolean;
    contestee: boolean;
    partiellementPayee: boolean;
    paiementSignale: boolean;
  },
): LifeState {
  if (s.cancelled) return 'annulee';
  if (!s.emise) return facts.statutEmetteur === 'brouillon' ? 'brouillon' : 'creee';
  if (facts.type === 'avoir') return 'emis';
  if (s.paid) return 'payee';
  if (s.contestee) {
    if (facts.dispute === 'rejetee') return 'rejetee';
    return facts.dispute === 'refusee' ? 'refusee' : 'contestee';
  }
  if (s.paiementSignale) return 'paiement_signale';
  if (s.partiellementPayee) return 'partiellement_payee';
  if (side === 'destinataire') return facts.viewedAt ? 'vue' : 'non_vue';
  return facts.viewedAt ? 'vue' : 'envoyee';
}

/**
 * The list filters (`?status=`), one vocabulary for both sides. A filter keeps the states it names; the
 * flags (partly paid, disputed, late) keep every row that carries them. « Envoyées » are the issued
 * invoices still awaiting payment that nobody objected to.
 */
export const LIFE_FILTERS = [
  'brouillon',
  'envoyee',
  'partiellement_payee',
  'contestee',
  'en_retard',
  'payee',
  'annulee',
] as const;
export type LifeFilter = (typeof LIFE_FILTERS)[number];

export const LIFE_FILTER_LABELS: Record<LifeFilter, string> = {
  brouillon: 'Brouillons',
  envoyee: 'Envoyées',
  partiellement_payee: 'Partiellement payées',
  contestee: 'Contestées',
  en_retard: 'En retard',
  payee: 'Payées',
  annulee: 'Annulées',
};

/** `?status=` as typed by a person or an old link: accents, case, spaces and hyphens ignored. */
export function parseLifeFilter(value: string | null | undefined): LifeFilter | null {
  if (!value) return null;
  const plain = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_');
  return (LIFE_FILTERS as readonly string[]).includes(plain) ? (plain as LifeFilter) : null;
}

/**
 * Whether a row belongs under a filter (the SQL twin says the same in lifeFilterSql). No filter: all but a
 * number cancelled before it was ever issued (a deleted draft). An issued invoice a credit note cancelled
 * stays beside its credit note, so the list's sum nets them to nothing.
 */
export function lifeMatchesFilter(life: DocumentLife, filter: LifeFilter | null): boolean {
  switch (filter) {
    case null:
      return life.etat !== 'annulee' || life.emise;
    case 'brouillon':
      return life.etat === 'creee' || life.etat === 'brouillon';
    case 'envoyee':
      return ['envoyee', 'non_vue', 'vue', 'paiement_signale', 'partiellement_payee', 'emis'].includes(
        life.etat,
      );
    case 'partiellement_payee':
      return life.partiellementPayee;
    case 'contestee':
      return life.contestee;
    case 'en_retard':
      return life.enRetard;
    case 'payee':
      return life.etat === 'payee';
    case 'annulee':
      return life.etat === 'annulee';
  }
}

/** The API's `cycle` of an invoice, as documentLife() derives it for the reader's side. */
export const documentLifeSchema = z.object({
  etat: z.enum(LIFE_STATES),
  libelle: z.string(),
  ton: z.enum(['neutre', 'info', 'attente', 'succes', 'alerte', 'danger', 'eteint']),
  emise: z.boolean(),
  canal: z.enum(SENDING_CHANNELS).nullable(),
  vue: z.boolean(),
  contestee: z.boolean(),
  partiellementPayee: z.boolean(),
  paiementSignale: z.boolean(),
  enRetard: z.boolean(),
  joursRetard: z.number().int(),
  resteCents: z.number().int(),
  relancable: z.boolean(),
  payable: z.boolean(),
});

/**
 * One channel per invoice once it went through the approved platform: the buyer must not hold it twice
 * (refused in one inbox, payable in another). After the platform, only an e-mail copy labelled as such
 * may follow; an invoice already placed in the client's Facturo account is not sent through the platform
 * too. Answers the channel that blocks `next`, or null when `next` may send it.
 */
export function blockingChannel(
  current: SendingChannel | null,
  next: 'email' | 'facturo' | 'plateforme_agreee',
): SendingChannel | null {
  if (current === 'plateforme_agreee' && next === 'facturo') return current;
  if (current === 'facturo' && next === 'plateforme_agreee') return current;
  return null;
}
