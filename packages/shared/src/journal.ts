/**
 * Issue 18: the tamper-evident journal of every issuer's documents. This file is the contract between
 * the server (apps/server/src/modules/journal) and the web: which events are journalled, and what the
 * verification answers.
 */

/**
 * What a journal entry records. `numero_attribue`: a number given (invoice, deposit, credit note, quote);
 * `emission`: issued (sent by e-mail or on the platform, or its PDF first fixed as final), with the PDF's
 * SHA-256; `statut`: a status change of either side; `paiement*`: a payment recorded, confirmed, rejected or
 * removed; `avoir`: a credit note issued against the document; `annulation`; `relance`: a reminder sent;
 * `cloture_mensuelle`: the monthly seal of the chain's head.
 */
export const JOURNAL_EVENT_KINDS = [
  'numero_attribue',
  'emission',
  'statut',
  'paiement',
  'paiement_confirme',
  'paiement_rejete',
  'paiement_supprime',
  'avoir',
  'annulation',
  'relance',
  'cloture_mensuelle',
] as const;
export type JournalEventKind = (typeof JOURNAL_EVENT_KINDS)[number];

export const JOURNAL_DOCUMENT_TYPES = ['facture', 'acompte', 'avoir', 'devis'] as const;
export type JournalDocumentType = (typeof JOURNAL_DOCUMENT_TYPES)[number];

/** The hash before the first entry of a chain. */
export const JOURNAL_GENESIS_HASH = '0'.repeat(64);

/** GET /api/journal/verification: the chain recomputed from its first entry. */
export type JournalVerification =
  | { valide: true; evenements: number; dernierHash: string | null }
  | {
      valide: false;
      evenements: number;
      /** The first entry that does not match: its sequence number and what is wrong with it. */
      premiereRupture: { seq: number; date: string | null; raison: string };
    };
