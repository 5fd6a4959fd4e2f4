import { z } from 'zod';
import { loginResponseSchema } from './auth.js';
import { invoiceLinkAccountRequestSchema } from './invoice-link.js';
import { quoteSchema } from './quotes.js';

/**
 * A quote's signed link, {APP_URL}/devis-en-ligne/{token}, as an invoice's (invoice-link.ts): whoever
 * holds the e-mail reads the quote and its PDF without an account, and may then create one — only once
 * they accept the terms and the privacy notice. Accepting or refusing the quote is done in that account.
 */

export const QUOTE_LINK_MESSAGES = {
  /** The same answer for a forged, altered or dead link: nothing tells which. */
  notFound:
    'Ce lien n’est pas valide. Vérifiez qu’il est complet, ou demandez un nouveau lien à l’émetteur du devis.',
  accountExists: 'Un compte existe déjà pour cette adresse email : connectez-vous pour retrouver le devis.',
} as const;

/** GET /devis-en-ligne/{token}: the quote as its recipient sees it, and what the page offers. */
export const quoteLinkSchema = z.object({
  devis: quoteSchema,
  /** The address the link was sent to: the account it offers is for that address only. */
  email: z.string(),
  /** An account exists for that address: the page offers to sign in rather than to create one. */
  compteExistant: z.boolean(),
});
export type QuoteLink = z.infer<typeof quoteLinkSchema>;

/** POST /devis-en-ligne/{token}/compte: the same account as an invoice's link offers. */
export const quoteLinkAccountRequestSchema = invoiceLinkAccountRequestSchema;
export type QuoteLinkAccountRequest = z.input<typeof quoteLinkAccountRequestSchema>;

/** A signed-in session, and the quote's id in the new account's received quotes. */
export const quoteLinkAccountResponseSchema = loginResponseSchema.extend({ devisId: z.string() });
export type QuoteLinkAccountResponse = z.infer<typeof quoteLinkAccountResponseSchema>;
