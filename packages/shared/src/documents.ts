import { z } from 'zod';
import { DOCUMENT_MESSAGES } from './document-types.js';
import { invoiceLineInputSchema, MAX_INVOICE_LINES } from './invoices.js';
import { singleLine } from './text.js';

/** Body of POST /factures/{id}/avoir: the whole invoice by default, or its own lines (a partial credit). */
export const creditNoteInputSchema = z.object({
  motif: singleLine({ error: DOCUMENT_MESSAGES.creditReasonRequired })
    .min(1, DOCUMENT_MESSAGES.creditReasonRequired)
    .max(500, 'Motif trop long (500 caractères au maximum)'),
  lignes: z
    .array(invoiceLineInputSchema)
    .min(1, 'Veuillez ajouter au moins une ligne valide')
    .max(MAX_INVOICE_LINES, `${MAX_INVOICE_LINES} lignes au maximum`)
    .optional(),
});
export type CreditNoteInput = z.input<typeof creditNoteInputSchema>;

/** Body of POST /devis/{id}/acompte: a share of the quote, or an amount in euros TTC; exactly one. */
export const depositInputSchema = z
  .object({
    pourcentage: z
      .number({ error: DOCUMENT_MESSAGES.depositPercentRange })
      .min(1, DOCUMENT_MESSAGES.depositPercentRange)
      .max(100, DOCUMENT_MESSAGES.depositPercentRange)
      .optional(),
    /** Euros TTC, a number or a French decimal string ("1 200,50"). */
    montant: z.union([z.number(), singleLine().max(30)]).optional(),
  })
  .refine((input) => (input.pourcentage === undefined) !== (input.montant === undefined), {
    error: DOCUMENT_MESSAGES.depositAmountRequired,
  });
export type DepositInput = z.input<typeof depositInputSchema>;
