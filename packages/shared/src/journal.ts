import { z } from 'zod';

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
 * `cloture_quotidienne` and `cloture_mensuelle`: the seal of the chain's head at the end of a day, of a month.
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
  'cloture_quotidienne',
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

export const journalVerificationSchema = z.union([
  z.object({ valide: z.literal(true), evenements: z.number().int(), dernierHash: z.string().nullable() }),
  z.object({
    valide: z.literal(false),
    evenements: z.number().int(),
    premiereRupture: z.object({ seq: z.number().int(), date: z.string().nullable(), raison: z.string() }),
  }),
]);

/** A month's closing entry (GET /api/journal/sceaux): which chain head it seals. */
export interface JournalSeal {
  /** 'YYYY-MM' (Paris calendar). */
  mois: string;
  /** The closing entry itself: its place in the chain, when it was written, its hash. */
  seq: number;
  date: string;
  hash: string;
  /** The month's last entry, sealed: its sequence number and hash. */
  dernierSeq: number;
  dernierHash: string;
  /** Entries of the month (the seals excluded). */
  evenements: number;
}

export const journalSealSchema = z.object({
  mois: z.string(),
  seq: z.number().int(),
  date: z.string(),
  hash: z.string(),
  dernierSeq: z.number().int(),
  dernierHash: z.string(),
  evenements: z.number().int(),
});

/** What a seal closes: a month ('YYYY-MM') or a day ('YYYY-MM-DD'), Paris calendar. */
export const journalSealPeriodSchema = z
  .string()
  .regex(
    /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/,
    'Période attendue au format AAAA-MM (un mois) ou AAAA-MM-JJ (un jour).',
  );
