/**
 * Issue 18: the receipts book (livre des recettes) and the FEC. This file is the contract between the
 * server (apps/server/src/modules/books) and the web: the queries, their French refusals and the book's
 * JSON. Amounts in euros, as everywhere in the API; days are Paris calendar days (YYYY-MM-DD).
 */

import { z } from 'zod';
import { calendarDay, calendarDayMessage } from './calendar-day.js';
import { PAYMENT_METHODS } from './payments.js';

export const BOOK_MESSAGES = {
  debut: calendarDayMessage('Date de début'),
  fin: calendarDayMessage('Date de fin'),
  order: 'La date de début doit précéder la date de fin.',
  format: 'Format inconnu : json, csv ou pdf.',
  year: 'Année invalide (AAAA, de 2000 à 2100).',
  siret:
    'Le FEC porte le SIREN de votre entreprise : renseignez votre numéro SIRET dans votre profil avant de le télécharger.',
} as const;

const day = (message: string) => calendarDay(message).optional();

export const RECEIPTS_BOOK_FORMATS = ['json', 'csv', 'pdf'] as const;
export type ReceiptsBookFormat = (typeof RECEIPTS_BOOK_FORMATS)[number];

/** GET /livre-recettes?debut=&fin=&format=: both days included; without them, the current year in Paris. */
export const receiptsBookQuerySchema = z
  .object({
    debut: day(BOOK_MESSAGES.debut),
    fin: day(BOOK_MESSAGES.fin),
    format: z.enum(RECEIPTS_BOOK_FORMATS, { error: BOOK_MESSAGES.format }).default('json'),
  })
  .refine((q) => !q.debut || !q.fin || q.debut <= q.fin, { message: BOOK_MESSAGES.order, path: ['fin'] });
export type ReceiptsBookQuery = z.infer<typeof receiptsBookQuerySchema>;

/** One money receipt: a confirmed payment (each partial payment on its own line). */
export const receiptSchema = z.object({
  /** The payment's id. */
  id: z.string(),
  /** The day the money was received. */
  date: z.string(),
  client: z.string(),
  /** What was sold: the invoice's object, else its lines. */
  nature: z.string(),
  montant: z.number(),
  methode: z.enum(PAYMENT_METHODS),
  /** « Virement », « Espèces »… */
  methodeLibelle: z.string(),
  factureId: z.string(),
  /** The invoice's number (FAC-2026-0001). */
  facture: z.string(),
  /** The payment's own reference (cheque number, transfer label), '' when none. */
  reference: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const receiptsMonthSchema = z.object({
  /** YYYY-MM. */
  mois: z.string(),
  /** « Mars 2026 ». */
  libelle: z.string(),
  recettes: z.array(receiptSchema),
  total: z.number(),
});
export type ReceiptsMonth = z.infer<typeof receiptsMonthSchema>;

/** GET /livre-recettes (JSON): the months that have receipts, oldest first, each in chronological order. */
export const receiptsBookSchema = z.object({
  debut: z.string(),
  fin: z.string(),
  mois: z.array(receiptsMonthSchema),
  nombre: z.number(),
  total: z.number(),
});
export type ReceiptsBook = z.infer<typeof receiptsBookSchema>;

/** GET /fec?annee=YYYY: the calendar year (the micro-entrepreneur's financial year); default the current one. */
export const fecQuerySchema = z.object({
  annee: z.coerce
    .number({ error: BOOK_MESSAGES.year })
    .int(BOOK_MESSAGES.year)
    .min(2000, BOOK_MESSAGES.year)
    .max(2100, BOOK_MESSAGES.year)
    .optional(),
});
export type FecQuery = z.infer<typeof fecQuerySchema>;

/** The receipts book's CSV name: livre-des-recettes-<debut>-<fin>.csv. */
export const receiptsBookFileName = (debut: string, fin: string, extension: 'csv' | 'pdf') =>
  `livre-des-recettes-${debut}-${fin}.${extension}`;
