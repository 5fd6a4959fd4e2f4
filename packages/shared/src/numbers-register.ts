/**
 * The numbers register (DESIGN §5): every number given in a year, series by series (FAC, AV, DEV) and in
 * order, with what became of it — issued, still a draft, or cancelled and why —, so that no gap in a
 * series is ever unexplained. A gap, which numbering never leaves, is listed as such.
 */

import { z } from 'zod';
import { fecQuerySchema } from './receipts-book.js';

export const REGISTER_SERIES = ['FAC', 'AV', 'DEV'] as const;
export type RegisterSeries = (typeof REGISTER_SERIES)[number];

/** What became of a number: issued, numbered but never issued, cancelled before issue, or missing. */
export const REGISTER_OUTCOMES = ['emis', 'brouillon', 'annule', 'lacune'] as const;
export type RegisterOutcome = (typeof REGISTER_OUTCOMES)[number];

export const REGISTER_TYPE_LABELS = {
  facture: 'Facture',
  acompte: 'Facture d’acompte',
  avoir: 'Avoir',
  devis: 'Devis',
} as const;
export type RegisterDocumentType = keyof typeof REGISTER_TYPE_LABELS;

export const registerEntrySchema = z.object({
  numero: z.string(),
  serie: z.enum(REGISTER_SERIES),
  /** null for a number that left no document (a gap, or a deleted quote). */
  id: z.string().nullable(),
  type: z.enum(['facture', 'acompte', 'avoir', 'devis']).nullable(),
  date: z.string().nullable(),
  client: z.string().nullable(),
  montantTtc: z.number().nullable(),
  /** The document's state as its list shows it (an invoice's life, a quote's status). */
  etat: z.string(),
  issue: z.enum(REGISTER_OUTCOMES),
  emis: z.boolean(),
  /** Why a cancelled number holds no sale, or a cancelled issued document was cancelled. */
  motifAnnulation: z.string().nullable(),
});
export type RegisterEntry = z.infer<typeof registerEntrySchema>;

export const registerSummarySchema = z.object({
  attribues: z.number().int(),
  emis: z.number().int(),
  brouillons: z.number().int(),
  annules: z.number().int(),
  lacunes: z.number().int(),
});
export type RegisterSummary = z.infer<typeof registerSummarySchema>;

export const numbersRegisterSchema = z.object({
  annee: z.number().int(),
  resume: registerSummarySchema,
  entrees: z.array(registerEntrySchema),
});
export type NumbersRegister = z.infer<typeof numbersRegisterSchema>;

/** GET /registre-numeros?annee=YYYY (and .csv): the calendar year, by default the current one. */
export const numbersRegisterQuerySchema = fecQuerySchema;
export type NumbersRegisterQuery = z.infer<typeof numbersRegisterQuerySchema>;

const plural = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;

/** « 7 numéros attribués, dont 4 émis, 2 brouillons, 1 annulé » (and the gaps, should there be any). */
export function registerSentence(summary: RegisterSummary): string {
  const parts = [
    plural(summary.emis, 'émis', 'émis'),
    plural(summary.brouillons, 'brouillon', 'brouillons'),
    plural(summary.annules, 'annulé', 'annulés'),
  ];
  const gaps =
    summary.lacunes > 0 ? ` et ${plural(summary.lacunes, 'numéro manquant', 'numéros manquants')}` : '';
  return `${plural(summary.attribues, 'numéro attribué', 'numéros attribués')}, dont ${parts.join(', ')}${gaps}`;
}

export const registreNumerosFileName = (year: number) => `registre-des-numeros-${year}.csv`;
