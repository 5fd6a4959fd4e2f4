import { z } from 'zod';
import { loginResponseSchema } from './auth.js';
import { invoiceSchema } from './invoices.js';
import { singleLine } from './text.js';

/**
 * An invoice's signed link, {APP_URL}/facture-en-ligne/{token} (DESIGN §5, « Recipients on the platform »):
 * whoever holds the e-mail reads the invoice, its PDF and how to pay it without an account, and may then
 * create one — only once they accept the terms and the privacy notice.
 */

export const INVOICE_LINK_MESSAGES = {
  /** The same answer for a forged, altered or dead link: nothing tells which. */
  notFound:
    'Ce lien n’est pas valide. Vérifiez qu’il est complet, ou demandez un nouveau lien à l’émetteur de la facture.',
  consentRequired:
    'Acceptez les conditions d’utilisation et la politique de confidentialité pour créer votre espace.',
  accountExists: 'Un compte existe déjà pour cette adresse email : connectez-vous pour retrouver la facture.',
} as const;

/** How the issuer asks to be paid: their account, and the reference to quote (the invoice's number). */
export const invoiceLinkPaymentSchema = z.object({
  /** Electronic format ('' when the issuer gave none). */
  iban: z.string(),
  bic: z.string(),
  reference: z.string(),
});
export type InvoiceLinkPayment = z.infer<typeof invoiceLinkPaymentSchema>;

/** GET /facture-en-ligne/{token}: the invoice as its recipient sees it, and what the page offers. */
export const invoiceLinkSchema = z.object({
  facture: invoiceSchema,
  paiement: invoiceLinkPaymentSchema,
  /** The address the link was sent to: the account it offers is for that address only. */
  email: z.string(),
  /** An account exists for that address: the page offers to sign in rather than to create one. */
  compteExistant: z.boolean(),
});
export type InvoiceLink = z.infer<typeof invoiceLinkSchema>;

const nameSchema = (label: string) =>
  singleLine({ error: `${label} requis` })
    .min(1, `${label} requis`)
    .max(100, `${label} trop long`);

/**
 * POST /facture-en-ligne/{token}/compte: a particulier account for the link's address. The password policy
 * is checked by the service (to list every broken rule); the consent must be given, not merely sent.
 */
export const invoiceLinkAccountRequestSchema = z.object({
  prenom: nameSchema('Prénom'),
  nom: nameSchema('Nom'),
  password: singleLine({ error: 'Mot de passe requis', trim: false }).max(1024),
  accepteConditions: z.boolean({ error: INVOICE_LINK_MESSAGES.consentRequired }),
});
export type InvoiceLinkAccountRequest = z.input<typeof invoiceLinkAccountRequestSchema>;

/** A signed-in session, and the invoice's id in the new account's received invoices. */
export const invoiceLinkAccountResponseSchema = loginResponseSchema.extend({ factureId: z.string() });
export type InvoiceLinkAccountResponse = z.infer<typeof invoiceLinkAccountResponseSchema>;
