import { z } from 'zod';
import { singleLine } from './text.js';

export const REFUSAL_MESSAGES = {
  reasonRequired: 'Indiquez le motif du refus.',
  reasonTooLong: 'Motif trop long (500 caractères au maximum)',
  notRefusable: 'Cette facture ne peut plus être refusée : elle est « {etat} ».',
  onlyRecipient: 'Seul le destinataire de la facture peut la refuser.',
} as const;

/**
 * Body of POST /factures/{id}/refuser: the recipient refuses an invoice received on Facturo, saying why
 * (the issuer reads the reason in its notification and on the invoice). Final: it may not be paid then.
 */
export const invoiceRefusalInputSchema = z.object({
  motif: singleLine({ error: REFUSAL_MESSAGES.reasonRequired })
    .min(1, REFUSAL_MESSAGES.reasonRequired)
    .max(500, REFUSAL_MESSAGES.reasonTooLong),
});
export type InvoiceRefusalInput = z.input<typeof invoiceRefusalInputSchema>;
