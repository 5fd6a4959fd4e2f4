/**
 * Issue 18: the purchases register (registre des achats) of a professional who sells goods. This file is
 * the contract between the server (apps/server/src/modules/purchases) and the web: what a purchase is,
 * the receipt's limits, and the sentences both word the same way (SPEC §8).
 */

import { z } from 'zod';
import { calendarDay, calendarDayMessage } from './calendar-day.js';
import { parseEurosToCents } from './money.js';
import { PAYMENT_METHODS } from './payments.js';
import { singleLine } from './text.js';

/** 5 Mo: a scanned receipt or a supplier's PDF invoice, held in memory while it is checked and stored. */
export const PURCHASE_RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/** What a receipt may be; the server reads the type from the file's first bytes, never from a header or a name. */
export const PURCHASE_RECEIPT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type PurchaseReceiptType = (typeof PURCHASE_RECEIPT_TYPES)[number];

/** A billion euros: beyond, a typing slip. */
export const MAX_PURCHASE_CENTS = 100_000_000_000;

export const PURCHASE_MESSAGES = {
  date: calendarDayMessage("Date d'achat"),
  futureDate: "La date d'achat ne peut pas être dans le futur.",
  supplier: 'Indiquez le fournisseur.',
  amount: 'Montant TTC invalide : saisissez un montant en euros supérieur à 0, avec au plus 2 décimales.',
  vat: 'Montant de TVA invalide : saisissez un montant en euros positif ou nul, avec au plus 2 décimales.',
  vatAboveTotal: 'La TVA ne peut pas dépasser le montant TTC.',
  method: 'Moyen de paiement inconnu.',
  period: 'Période invalide : des dates réelles au format AAAA-MM-JJ, entre 1900 et 2200.',
  periodOrder: 'Période invalide : la date de début doit précéder la date de fin.',
  notFound: 'Achat introuvable.',
  receiptUnsupported: 'Format de justificatif non pris en charge : envoyez un PDF, un JPEG ou un PNG.',
  receiptTooLarge: 'Le justificatif ne doit pas dépasser 5 Mo.',
  receiptEmpty: 'Aucun fichier reçu : choisissez le justificatif à envoyer.',
  receiptNotFound: 'Aucun justificatif pour cet achat.',
} as const;

/**
 * Cents of an amount typed the French way (« 1 234,50 », « 100,5 ») or sent as a number; null when it is
 * not one. Spaces (plain, no-break, narrow no-break) are the French thousands separator: dropped.
 */
export function purchaseAmountCents(value: number | string): number | null {
  const text = typeof value === 'string' ? value.replace(/[\s\u00a0\u202f]/g, '') : value;
  if (text === '') return null;
  const cents = parseEurosToCents(text);
  return cents !== null && cents >= 0 && cents <= MAX_PURCHASE_CENTS ? cents : null;
}

const amountField = (message: string) =>
  z.union([z.number(), singleLine().max(30, message)], { error: message });

/** Body of POST /achats and PUT /achats/{id}. The server checks the amounts and the date against today. */
export const purchaseInputSchema = z.object({
  dateAchat: calendarDay(PURCHASE_MESSAGES.date),
  fournisseur: singleLine({ error: PURCHASE_MESSAGES.supplier })
    .min(1, PURCHASE_MESSAGES.supplier)
    .max(140, 'Fournisseur : 140 caractères au maximum.'),
  description: singleLine().max(500, 'Description : 500 caractères au maximum.').default(''),
  /** Euros including VAT, as a number or French-typed text. */
  montantTTC: amountField(PURCHASE_MESSAGES.amount),
  /** The VAT within montantTTC; 0 when none (franchise suppliers, or none to recover). */
  montantTVA: amountField(PURCHASE_MESSAGES.vat).default(0),
  methode: z.enum(PAYMENT_METHODS, { error: PURCHASE_MESSAGES.method }).default('virement'),
});
export type PurchaseInput = z.input<typeof purchaseInputSchema>;

/** The receipt attached to a purchase (its bytes are GET /achats/{id}/justificatif). */
export const purchaseReceiptSchema = z.object({
  nom: z.string(),
  type: z.enum(PURCHASE_RECEIPT_TYPES),
  taille: z.number(),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;

export const purchaseSchema = z.object({
  _id: z.string(),
  dateAchat: z.string(),
  fournisseur: z.string(),
  description: z.string(),
  /** Euros with 2 decimals; HT = TTC − TVA. */
  montantHT: z.number(),
  montantTVA: z.number(),
  montantTTC: z.number(),
  methode: z.enum(PAYMENT_METHODS),
  justificatif: purchaseReceiptSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

export const purchaseTotalsSchema = z.object({
  montantHT: z.number(),
  montantTVA: z.number(),
  montantTTC: z.number(),
});
export type PurchaseTotals = z.infer<typeof purchaseTotalsSchema>;

/** GET /achats: the period's purchases, oldest first, with the totals of each month and of the period. */
export const purchaseListSchema = z.object({
  debut: z.string(),
  fin: z.string(),
  achats: z.array(purchaseSchema),
  /** 'YYYY-MM' → that month's totals, in the order of the months. */
  mois: z.array(purchaseTotalsSchema.extend({ mois: z.string(), nombre: z.number() })),
  totaux: purchaseTotalsSchema,
});
export type PurchaseList = z.infer<typeof purchaseListSchema>;

/** ?debut=&fin= (both optional: the current year in Paris). */
export const purchasePeriodQuerySchema = z.object({
  debut: calendarDay(PURCHASE_MESSAGES.period).optional(),
  fin: calendarDay(PURCHASE_MESSAGES.period).optional(),
});
export type PurchasePeriodQuery = z.infer<typeof purchasePeriodQuerySchema>;

export const PURCHASE_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type PurchaseExportFormat = (typeof PURCHASE_EXPORT_FORMATS)[number];

export const purchaseExportQuerySchema = purchasePeriodQuerySchema.extend({
  format: z.enum(PURCHASE_EXPORT_FORMATS, { error: 'Format inconnu : csv ou pdf.' }).default('csv'),
});

/** The download's file name, the same for both sides: registre-des-achats-<debut>-<fin>.csv|pdf. */
export const purchaseExportFileName = (debut: string, fin: string, format: PurchaseExportFormat) =>
  `registre-des-achats-${debut}-${fin}.${format}`;
