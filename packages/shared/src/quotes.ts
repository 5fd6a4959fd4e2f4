import { z } from 'zod';
import { calendarDayOrEmpty } from './calendar-day.js';
import { documentReferenceSchema } from './document-types.js';
import { documentInputShape, invoiceListItemSchema, invoiceSchema } from './invoices.js';
import { pageQueryShape } from './pagination.js';
import { multiLine } from './text.js';

/**
 * Quotes (issue 15), DEV-YYYY-NNNN. Like an invoice, a quote has two sides: the issuer's, and, once sent
 * on the platform, the recipient's, who accepts or refuses it there.
 */
export const QUOTE_ISSUER_STATUSES = [
  'creee',
  'envoyee',
  'acceptee',
  'refusee',
  'expiree',
  'facturee',
] as const;
export type QuoteIssuerStatus = (typeof QUOTE_ISSUER_STATUSES)[number];
export const QUOTE_RECIPIENT_STATUSES = ['non_vue', 'vue', 'acceptee', 'refusee'] as const;
export type QuoteRecipientStatus = (typeof QUOTE_RECIPIENT_STATUSES)[number];

export const QUOTE_STATUS_LABELS: Record<QuoteIssuerStatus | QuoteRecipientStatus, string> = {
  creee: 'Créé',
  envoyee: 'Envoyé',
  acceptee: 'Accepté',
  refusee: 'Refusé',
  expiree: 'Expiré',
  facturee: 'Facturé',
  non_vue: 'Non vu',
  vue: 'Vu',
};

/** A quote is valid 30 days unless it says otherwise, and at most a year. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 30;
export const MAX_QUOTE_VALIDITY_DAYS = 365;
export const QUOTE_NUMBER_PREFIX = 'DEV-';

export const QUOTE_MESSAGES = {
  validityDate: 'Date de validité invalide (AAAA-MM-JJ, au plus tôt aujourd’hui et dans un an au plus).',
  /** PUT on an accepted, refused or invoiced quote. */
  locked: 'Ce devis a été accepté, refusé ou facturé : il ne peut plus être modifié.',
  /** DELETE on a quote that went out: its number is in a client's hands. */
  sentNotDeletable: 'Ce devis a été envoyé : il ne peut plus être supprimé.',
  /** Deposit or final invoice on a quote that is not accepted. */
  notAccepted: 'Le devis doit être accepté avant d’être facturé.',
  alreadyInvoiced: 'Ce devis a déjà été facturé.',
  expired: 'Ce devis a expiré : il ne peut plus être accepté.',
  answerClosed: 'Ce devis n’attend plus de réponse.',
  /** A recipient reaching for the issuer's actions (edit, delete, send, invoice). */
  notIssuer: 'Seul l’émetteur peut modifier, envoyer, facturer ou supprimer ce devis.',
  selfSend: 'Vous ne pouvez pas vous envoyer un devis à vous-même.',
} as const;

/** Body of POST /devis and of PUT /devis/{id}: the invoice's body, with a validity date instead of terms. */
export const quoteInputSchema = z.object({
  ...documentInputShape,
  /** YYYY-MM-DD; default the issue date + DEFAULT_QUOTE_VALIDITY_DAYS. The server checks the range. */
  dateValidite: calendarDayOrEmpty(QUOTE_MESSAGES.validityDate).optional(),
});
export type QuoteInput = z.input<typeof quoteInputSchema>;

export const quoteSchema = invoiceSchema
  .pick({
    _id: true,
    numero: true,
    dateEmission: true,
    objet: true,
    client: true,
    emetteur: true,
    destinataire: true,
    lignes: true,
    montantHT: true,
    tauxTVA: true,
    montantTVA: true,
    montantTTC: true,
    ventilationTVA: true,
    categorieTVA: true,
    mentionTVA: true,
    mentionsProfessionnelles: true,
    dateLivraison: true,
    adresseLivraison: true,
    envoyeeLe: true,
    role: true,
    mentionsLegales: true,
    createdAt: true,
    updatedAt: true,
    contrepartie: true,
  })
  .extend({
    type: z.literal('devis'),
    dateValidite: z.string(),
    /** The viewer's own side. */
    statut: z.enum([...QUOTE_ISSUER_STATUSES, ...QUOTE_RECIPIENT_STATUSES]),
    statutEmetteur: z.enum(QUOTE_ISSUER_STATUSES).nullable(),
    statutDestinataire: z.enum(QUOTE_RECIPIENT_STATUSES).nullable(),
    /** When the answer was given (on the platform, or recorded by the issuer), and its comment. */
    reponduLe: z.string().nullable(),
    commentaireReponse: z.string(),
    /** The issuer recorded an answer received outside the platform (signed paper, e-mail). */
    reponseHorsPlateforme: z.boolean(),
    /** No edit any more: accepted, refused or invoiced. */
    verrouille: z.boolean(),
    /** Deposit invoices issued on this quote (cancelled ones left out), and their total in euros. */
    acomptes: z.array(documentReferenceSchema),
    montantAcomptes: z.number(),
    /** The final invoice, once the quote is invoiced. */
    factureFinale: z.object({ _id: z.string(), numero: z.string() }).nullable(),
  });
export type Quote = z.infer<typeof quoteSchema>;
/** One row of GET /devis and /devis/received (issue 16): no lines, snapshots or mentions. */
export const quoteListItemSchema = quoteSchema
  .pick({
    _id: true,
    type: true,
    numero: true,
    dateEmission: true,
    dateValidite: true,
    objet: true,
    destinataire: true,
    montantHT: true,
    montantTTC: true,
    statut: true,
    statutEmetteur: true,
    statutDestinataire: true,
    envoyeeLe: true,
    verrouille: true,
    role: true,
    factureFinale: true,
    createdAt: true,
    updatedAt: true,
    contrepartie: true,
  })
  .extend(invoiceListItemSchema.pick({ libelle: true, client: true, emetteur: true }).shape);
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;
export const quoteListSchema = z.array(quoteListItemSchema);
/** POST /devis/{id}/send-internal: the quote, and what the sending did (as for invoices). */
export const sendQuoteInternalResponseSchema = quoteSchema.extend({
  dejaEnvoyee: z.boolean(),
  invitationEnvoyee: z.boolean(),
});
export type SendQuoteInternalResponse = z.infer<typeof sendQuoteInternalResponseSchema>;

/** GET /devis/{id}/statuts: what the caller may do now. */
export const quoteStatusesSchema = z.object({
  statutEmetteur: z.enum(QUOTE_ISSUER_STATUSES),
  statutDestinataire: z.enum(QUOTE_RECIPIENT_STATUSES),
  /** The issuer: the statuses it may record by hand (quoteIssuerTransitions). */
  transitionsEmetteur: z.array(z.enum(QUOTE_ISSUER_STATUSES)),
  /** The recipient: it may accept or refuse now (canAnswerQuote, and still valid today). */
  peutRepondre: z.boolean(),
  /** The issuer: a deposit or the final invoice may be made now (accepted, not yet invoiced). */
  peutFacturer: z.boolean(),
});
export type QuoteStatuses = z.infer<typeof quoteStatusesSchema>;

/** `?status=` of GET /devis (issuer's statuses) and GET /devis/received (recipient's). */
export const QUOTE_STATUS_FILTER_MESSAGE = 'Filtre de statut inconnu.';

/**
 * GET /devis and /devis/received (issue 16): a page (`limit`, `cursor`, `q`: number, other party, object),
 * newest issue date first; `status` is one status of the reader's side.
 */
export const quoteListQuerySchema = z.object({
  ...pageQueryShape,
  status: z.enum(QUOTE_ISSUER_STATUSES, { error: QUOTE_STATUS_FILTER_MESSAGE }).optional(),
});
export const receivedQuoteListQuerySchema = z.object({
  ...pageQueryShape,
  status: z.enum(QUOTE_RECIPIENT_STATUSES, { error: QUOTE_STATUS_FILTER_MESSAGE }).optional(),
});
export type QuoteListQuery =
  | z.infer<typeof quoteListQuerySchema>
  | z.infer<typeof receivedQuoteListQuerySchema>;

/** The comment beside an answer: a few lines of text, stored as written (no control characters). */
const answerComment = multiLine()
  .trim()
  .max(1000, 'Commentaire trop long (1000 caractères au maximum)')
  .default('');

/** PUT /devis/{id}/statut-destinataire: the recipient's answer on the platform. */
export const quoteAnswerInputSchema = z.object({
  statutDestinataire: z.enum(['acceptee', 'refusee']),
  commentaire: answerComment,
});
/** PUT /devis/{id}/statut-emetteur: the issuer records an answer received outside the platform, or re-marks it sent. */
export const quoteIssuerStatusInputSchema = z.object({
  statutEmetteur: z.enum(['envoyee', 'acceptee', 'refusee']),
  commentaire: answerComment,
});

/** The statuses the issuer may set by hand from here (the rest come from sending, the job and invoicing). */
export function quoteIssuerTransitions(current: QuoteIssuerStatus): QuoteIssuerStatus[] {
  if (current === 'creee') return ['envoyee', 'acceptee', 'refusee'];
  if (current === 'envoyee' || current === 'expiree') return ['acceptee', 'refusee'];
  return [];
}

/** Editable until accepted, refused or invoiced (issue 15). */
export function isQuoteLocked(current: QuoteIssuerStatus): boolean {
  return current === 'acceptee' || current === 'refusee' || current === 'facturee';
}

/** The recipient answers once, while the quote is out and still valid. */
export function canAnswerQuote(issuer: QuoteIssuerStatus, recipient: QuoteRecipientStatus): boolean {
  return issuer === 'envoyee' && (recipient === 'non_vue' || recipient === 'vue');
}
