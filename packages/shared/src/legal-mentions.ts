import { z } from 'zod';
import { issuerVatNumberSchema } from './issuer-vat-number.js';
import { acceptingReadOnly } from './read-only.js';
import { hasWrongKey, isValidSiret, normalizeSiret, SIRET_KEY_MESSAGE, SIRET_MESSAGE } from './siret.js';
import { multiLineText, singleLine, singleLineText } from './text.js';

export const NATURES_OPERATION = ['services', 'biens', 'mixte'] as const;
export type NatureOperation = (typeof NATURES_OPERATION)[number];
export const NATURE_OPERATION_LABELS: Record<NatureOperation, string> = {
  services: 'Prestations de services',
  biens: 'Livraison de biens',
  mixte: 'Biens et services',
};

/** The payment conditions sentence of a payment term: what the wizard starts from for that term. */
export function paymentConditionsText(days: number): string {
  return days === 0
    ? 'Règlement à réception de la facture.'
    : `Règlement sous ${days} jours à compter de la date d’émission de la facture.`;
}

const GENERATED_CONDITIONS =
  /^(Règlement à réception de la facture\.|Règlement sous \d+ jours à compter de la date d[’']émission de la facture\.)$/;

/**
 * Whether these conditions are a sentence the product wrote for some term (or nothing), which a new term
 * rewrites; the issuer's own wording is kept as they wrote it.
 */
export function isGeneratedPaymentConditions(text: string): boolean {
  return text.trim() === '' || GENERATED_CONDITIONS.test(text.trim());
}

/** The conditions an invoice with this term prints: the issuer's own wording, else the term's sentence. */
export function paymentConditionsFor(saved: string, days: number): string {
  return isGeneratedPaymentConditions(saved) ? paymentConditionsText(days) : saved;
}

/** SPEC §9 and DESIGN §5: what a new professional's invoices say until they write their own. */
export const DEFAULT_LEGAL_MENTIONS = {
  conditionsPaiement: paymentConditionsText(30),
  mentionLibre: '',
  escompte: 'Pas d’escompte pour paiement anticipé.',
  penalitesRetard:
    'En cas de retard de paiement, des pénalités égales à 3 fois le taux d’intérêt légal sont exigibles.',
  indemniteForfaitaire:
    'Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.',
  tvaIntracommunautaire: '',
  natureOperation: 'services' as NatureOperation,
} as const;

/** The mentions as printed on an invoice: what the issuer edits, and what each invoice keeps a copy of. */
export const mentionsSchema = z.object({
  conditionsPaiement: z.string(),
  mentionLibre: z.string(),
  escompte: z.string(),
  penalitesRetard: z.string(),
  indemniteForfaitaire: z.string(),
  tvaIntracommunautaire: z.string(),
  natureOperation: z.enum(NATURES_OPERATION),
});

/** Their rules when someone writes them (the profile's page, or the invoice wizard for one invoice). */
export const mentionsInputSchema = z.object({
  conditionsPaiement: multiLineText(1000),
  mentionLibre: multiLineText(2000),
  escompte: multiLineText(500),
  penalitesRetard: multiLineText(1000),
  indemniteForfaitaire: multiLineText(1000),
  tvaIntracommunautaire: singleLineText(20).refine(
    (v) => v === '' || /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v.replace(/\s/g, '').toUpperCase()),
    'Numéro de TVA intracommunautaire invalide (ex. FR12345678901)',
  ),
  natureOperation: z.enum(NATURES_OPERATION, { error: 'Nature de l’opération invalide' }),
});

export const legalMentionsSchema = mentionsSchema.extend({
  /** The issuer's SIRET, which lives on the profile; shown here because invoices print it with the mentions. */
  siret: z.string().nullable(),
  /** False until the user saves their own mentions. */
  personnalisees: z.boolean(),
});
export type LegalMentions = z.infer<typeof legalMentionsSchema>;

/** Body of PUT /mentions-legales: every field optional, the rest keeps its value. */
export const legalMentionsInputSchema = mentionsInputSchema
  .extend({
    // The issuer's VAT number lives on the profile (users.tva_intracommunautaire): the same rule as there.
    tvaIntracommunautaire: issuerVatNumberSchema,
    // null is what GET shows when there is none: sent back, it changes nothing (removing a SIRET is the
    // profile's business, and refused there for a professional).
    siret: z
      .union([singleLine({ error: SIRET_MESSAGE }).max(40, SIRET_MESSAGE), z.null()])
      .transform((v) => (v === null ? undefined : normalizeSiret(v)))
      .refine((v) => v === undefined || isValidSiret(v), SIRET_MESSAGE)
      .refine((v) => v === undefined || !hasWrongKey(v), SIRET_KEY_MESSAGE),
  })
  .partial()
  .strict();
export type LegalMentionsInput = z.input<typeof legalMentionsInputSchema>;

/** Body of PUT /mentions-legales: the fields above, plus whatever else GET returned (personnalisees), ignored. */
export const legalMentionsBodySchema = acceptingReadOnly(legalMentionsInputSchema, legalMentionsSchema);

/**
 * What a deposit invoice prints where others print the delivery or service date: nothing is delivered
 * yet, and the law asks for the date of the deposit (CGI art. 242 nonies A, 9°), its issue date here.
 */
export const DEPOSIT_DATE_LABEL = 'Date de l’acompte';
