/**
 * Issue 17: payments of an invoice. This file is the contract between the server and the web; the
 * payments module (apps/server/src/modules/payments) writes and reads them.
 */

import { z } from 'zod';
import { calendarDay, calendarDayMessage } from './calendar-day.js';
import { ISSUER_STATUSES } from './invoice-status.js';
import { parseEurosToCents } from './money.js';
import { singleLine } from './text.js';

export const PAYMENT_METHODS = ['virement', 'carte', 'cheque', 'especes', 'prelevement', 'autre'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: 'Virement',
  carte: 'Carte bancaire',
  cheque: 'Chèque',
  especes: 'Espèces',
  prelevement: 'Prélèvement',
  autre: 'Autre',
};

export const PAYMENT_STATUSES = ['confirme', 'declare', 'rejete'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_SOURCES = ['emetteur', 'destinataire'] as const;

/** Words the server and the web share (SPEC §8: one wording). */
export const PAYMENT_MESSAGES = {
  amount: 'Montant invalide : saisissez un montant en euros supérieur à 0, avec au plus 2 décimales.',
  date: calendarDayMessage('Date du paiement'),
  futureDate: 'La date du paiement ne peut pas être dans le futur.',
  method: 'Moyen de paiement inconnu.',
  overpaid: (remaining: string) =>
    `Ce montant dépasse le reste à payer de la facture (${remaining}). Saisissez au plus ce montant.`,
  nothingDue: 'Cette facture ne demande plus rien : elle est déjà entièrement réglée.',
  creditNote: "Un avoir ne reçoit pas de paiement : c'est un montant que vous devez au client.",
  cancelled: 'Cette facture est annulée : elle ne peut plus recevoir ni perdre de paiement.',
  unsent:
    "Cette facture n'a pas encore été envoyée : envoyez-la (ou marquez-la envoyée) avant d'enregistrer un paiement partiel.",
  notFound: 'Paiement introuvable.',
  notDeclared: "Ce paiement n'attend pas de confirmation.",
  declaredOnly: 'Seul un paiement déclaré par le client peut être confirmé ou refusé.',
  rejectionReason: 'Indiquez au client pourquoi ce paiement est refusé (500 caractères au maximum).',
} as const;

/** Body of POST /factures/{id}/paiements/{paymentId}/rejeter: the client is told why. */
export const paymentRejectionSchema = z.object({
  motif: singleLine({ error: PAYMENT_MESSAGES.rejectionReason })
    .min(1, PAYMENT_MESSAGES.rejectionReason)
    .max(500, PAYMENT_MESSAGES.rejectionReason),
});
export type PaymentRejection = z.input<typeof paymentRejectionSchema>;

/** Body of POST /factures/{id}/paiements: the issuer records money received. */
export const paymentInputSchema = z.object({
  datePaiement: calendarDay(PAYMENT_MESSAGES.date),
  /** Euros, as a number or a French-typed string; cents are computed with the shared money rule. */
  montant: z.union([z.number(), singleLine().max(30, PAYMENT_MESSAGES.amount)], {
    error: PAYMENT_MESSAGES.amount,
  }),
  methode: z.enum(PAYMENT_METHODS, { error: PAYMENT_MESSAGES.method }),
  reference: singleLine().max(140, 'Référence trop longue (140 caractères au maximum).').default(''),
});
export type PaymentInput = z.input<typeof paymentInputSchema>;

/** A billion euros: beyond, a typing slip (and far beyond any invoice's total). */
export const MAX_PAYMENT_CENTS = 100_000_000_000;

/** The cents of a typed amount (« 12,50 », 12.5), or null when it is not a positive amount. */
export function paymentAmountCents(value: number | string): number | null {
  const cents = parseEurosToCents(value);
  return cents !== null && cents > 0 && cents <= MAX_PAYMENT_CENTS ? cents : null;
}

export const paymentSchema = z.object({
  _id: z.string(),
  datePaiement: z.string(),
  montant: z.number(),
  methode: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  /** confirme (counted), declare (by the client, waiting for the issuer), rejete (not counted). */
  statut: z.enum(PAYMENT_STATUSES),
  source: z.enum(PAYMENT_SOURCES),
  createdAt: z.string(),
  /** Why the issuer refused a declared payment (told to the client); null otherwise. */
  motifRejet: z.string().nullable(),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /factures/{id}/paiements and the answer of every payment write: the payments and what remains. */
export const invoicePaymentsSchema = z.object({
  paiements: z.array(paymentSchema),
  montantPaye: z.number(),
  resteAPayer: z.number(),
  statutEmetteur: z.enum(ISSUER_STATUSES).nullable(),
});
export type InvoicePayments = z.infer<typeof invoicePaymentsSchema>;
