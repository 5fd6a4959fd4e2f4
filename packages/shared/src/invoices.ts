import { z } from 'zod';
import { calendarDayMessage, calendarDayOrEmpty, isCalendarDay } from './calendar-day.js';
import { clientAddressSchema, clientSchema } from './clients.js';
import { counterpartSchema } from './counterpart.js';
import { documentLifeSchema } from './document-life.js';
import { documentReferenceSchema, INVOICE_TYPES } from './document-types.js';
import { ISSUER_STATUSES, RECIPIENT_STATUSES } from './invoice-status.js';
import { issuerDetailsShape } from './issuer-details.js';
import { mentionsInputSchema, mentionsSchema } from './legal-mentions.js';
import { MAX_QUANTITY_THOUSANDTHS, MAX_UNIT_PRICE_CENTS, parseEurosToCents, parseQuantity } from './money.js';
import { pageQueryShape } from './pagination.js';
import { multiLine, singleLine, textKinds } from './text.js';
import { DEFAULT_UNIT, UNIT_KEYS, UNIT_MESSAGE } from './units.js';
import { VAT_CATEGORIES, VAT_RATE_MESSAGE } from './vat.js';

export const ISSUER_ADDRESS_MESSAGE =
  'Votre adresse est incomplète : renseignez l’adresse, le code postal et la ville de votre entreprise (Mon entreprise) avant de créer une facture.';
export const CLIENT_ADDRESS_MESSAGE =
  'L’adresse du client est incomplète : renseignez sa rue, son code postal et sa ville avant de créer une facture.';
export const CLIENT_SIREN_MESSAGE =
  'Le SIREN (ou SIRET) du client est requis pour facturer une entreprise française.';
export const DUE_DATE_MESSAGE = calendarDayMessage("Date d'échéance");
export const DELIVERY_DATE_MESSAGE = calendarDayMessage('Date de livraison ou de prestation');
export const DELIVERY_ADDRESS_MESSAGE =
  'L’adresse de livraison est incomplète : renseignez sa rue, son code postal et sa ville (ou retirez-la).';

export const INVOICE_NUMBER_PREFIX = 'FAC-';
export const PAYMENT_TERMS = [15, 30, 45, 60] as const;
export type PaymentTerm = (typeof PAYMENT_TERMS)[number];
export const DEFAULT_PAYMENT_TERM: PaymentTerm = 30;
export const INITIAL_EMPTY_LINES = 3;
export const MAX_INVOICE_LINES = 500;
export const NO_OBJECT_LABEL = 'Sans objet';

export const INVOICE_REQUIRED_MESSAGE = 'Veuillez remplir tous les champs obligatoires';
export const INVOICE_LINE_MESSAGE = 'Veuillez ajouter au moins une ligne valide';
export const PAYMENT_TERM_MESSAGE = 'Délai de paiement invalide (15, 30, 45 ou 60 jours)';

export function isPaymentTerm(days: number): days is PaymentTerm {
  return (PAYMENT_TERMS as readonly number[]).includes(days);
}

/** FAC-2026-0001: per issuer, per year of issue, continuous (DESIGN §5). */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `${INVOICE_NUMBER_PREFIX}${year}-${String(sequence).padStart(4, '0')}`;
}

/** SPEC §5 step 3: a line counts when it has a description, a quantity above 0 and a price of at least 0. */
export function isValidLine(line: {
  description: string;
  quantite: unknown;
  prixUnitaire: unknown;
}): boolean {
  const quantity = parseQuantity(line.quantite);
  const price = parseEurosToCents(line.prixUnitaire);
  return (
    line.description.trim() !== '' &&
    quantity !== null &&
    quantity > 0 &&
    quantity <= MAX_QUANTITY_THOUSANDTHS &&
    price !== null &&
    price >= 0 &&
    price <= MAX_UNIT_PRICE_CENTS
  );
}

const numberLike = z.union([z.number(), singleLine().max(30, '30 caractères au maximum')]);

export const invoiceLineInputSchema = z.object({
  // May span lines (a textarea in the wizard), kept as typed: the sheet and the PDF wrap them.
  description: multiLine()
    .trim()
    .max(1000, 'Description trop longue (1000 caractères au maximum)')
    .default(''),
  quantite: numberLike.default(''),
  prixUnitaire: numberLike.default(''),
  unite: z.enum(UNIT_KEYS, { error: UNIT_MESSAGE }).default(DEFAULT_UNIT),
  /**
   * Percent, one of VAT_RATES. Left out: the invoice's tauxTVA, else 20 for a seller charging VAT and 0
   * under the franchise (where any other rate is refused).
   */
  tauxTVA: z
    .union([
      z.number({ error: VAT_RATE_MESSAGE }),
      singleLine({ error: VAT_RATE_MESSAGE }).max(6, VAT_RATE_MESSAGE),
    ])
    .optional(),
  /** A 0 % line of an invoice charging VAT: why there is no VAT, a VATEX code of LINE_VAT_EXEMPTIONS. */
  motifExoneration: singleLine().max(40, 'Motif d’exonération inconnu').optional(),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;

/**
 * What every commercial document's body says (issue 15: invoices and quotes share it). Totals sent by the
 * client (montantHT, montantTTC) are accepted for compatibility and ignored: the server recomputes them
 * (DESIGN §3). Empty lines (no description, no numbers) are dropped; any other invalid line is refused.
 */
export const documentInputShape = {
  // The client's id, or the client object a GET of the document shows (PUT takes back what GET gives).
  client: z.preprocess(
    (value) =>
      typeof value === 'object' && value !== null && '_id' in value ? (value as { _id: unknown })._id : value,
    singleLine({ error: INVOICE_REQUIRED_MESSAGE }).min(1, INVOICE_REQUIRED_MESSAGE).max(64),
  ),
  objet: singleLine().max(300, 'Objet trop long (300 caractères au maximum)').default(''),
  lignes: z.array(invoiceLineInputSchema).max(MAX_INVOICE_LINES, `${MAX_INVOICE_LINES} lignes au maximum`),
  /** SPEC §7 sends 0; a rate here is the default of the lines that do not give theirs. */
  tauxTVA: z
    .union([
      z.number({ error: VAT_RATE_MESSAGE }),
      singleLine({ error: VAT_RATE_MESSAGE }).max(6, VAT_RATE_MESSAGE),
    ])
    .optional(),
  /** BT-72, date of delivery or of the service; default the issue date. */
  dateLivraison: calendarDayOrEmpty(DELIVERY_DATE_MESSAGE).optional(),
  /** Only when it differs from the client's address; null removes it. */
  adresseLivraison: z.union([clientAddressSchema, z.null()]).optional(),
  montantHT: z.unknown().optional(),
  montantTTC: z.unknown().optional(),
  mentionsLegales: mentionsInputSchema.partial().optional(),
};

/** Body of POST /factures and of the full PUT /factures/{id}. */
export const invoiceInputSchema = z
  .object({
    ...documentInputShape,
    // One of the wizard's terms; any other delay (up to 60 days) only beside the due date it comes from,
    // as GET shows an invoice created with an explicit due date.
    delaiPaiement: z
      .number({ error: PAYMENT_TERM_MESSAGE })
      .int(PAYMENT_TERM_MESSAGE)
      .min(0, PAYMENT_TERM_MESSAGE)
      .max(Math.max(...PAYMENT_TERMS), PAYMENT_TERM_MESSAGE)
      .optional(),
    /** A day, or an instant whose first 10 characters are one (the SPEC's client sends toISOString()). */
    dateEcheance: singleLine()
      .max(40)
      .refine((value) => value === '' || isCalendarDay(value.slice(0, 10)), DUE_DATE_MESSAGE)
      .register(textKinds, { kind: 'single-line', day: true })
      .optional(),
    statut: z.enum(['creee', 'brouillon']).optional(),
  })
  .refine(
    (input) =>
      input.delaiPaiement === undefined ||
      isPaymentTerm(input.delaiPaiement) ||
      (input.dateEcheance !== undefined && input.dateEcheance !== ''),
    { error: PAYMENT_TERM_MESSAGE, path: ['delaiPaiement'] },
  );
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

export const invoiceLineSchema = z.object({
  description: z.string(),
  quantite: z.number(),
  unite: z.enum(UNIT_KEYS),
  prixUnitaire: z.number(),
  /** Percent; 0 under the franchise and for exempt sales. */
  tauxTVA: z.number(),
  /** HT. */
  montant: z.number(),
  /** The VATEX code of a 0 % line's exemption and its French mention; absent otherwise. */
  motifExoneration: z.string().optional(),
  mentionExoneration: z.string().optional(),
});

export const vatBreakdownEntrySchema = z.object({
  taux: z.number(),
  baseHT: z.number(),
  montantTVA: z.number(),
});

export const postalAddressSchema = z.object({
  rue: z.string(),
  codePostal: z.string(),
  ville: z.string(),
  pays: z.string(),
  codePays: z.string(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

export const invoicePartySchema = z.object({
  _id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  adresse: z.string(),
  codePostal: z.string(),
  ville: z.string(),
  siret: z.string().nullable(),
  /** What the issuer's profile said when the invoice was written (issue 12). */
  ...issuerDetailsShape,
});

export const invoiceMentionsSchema = mentionsSchema;
export type InvoiceMentions = z.infer<typeof invoiceMentionsSchema>;

export const invoiceSchema = z.object({
  _id: z.string(),
  /** Issue 15: an invoice, a deposit invoice or a credit note (all three live in /factures). */
  type: z.enum(INVOICE_TYPES),
  numero: z.string(),
  dateEmission: z.string(),
  dateEcheance: z.string(),
  delaiPaiement: z.number(),
  objet: z.string(),
  /** The client as it was when the invoice was last written (a snapshot, never the live directory). */
  client: clientSchema.omit({ createdAt: true, updatedAt: true }),
  emetteur: invoicePartySchema,
  destinataire: z
    .object({ _id: z.string(), nom: z.string(), prenom: z.string(), email: z.string() })
    .nullable(),
  lignes: z.array(invoiceLineSchema),
  montantHT: z.number(),
  /** The rate when every line has the same one, else the rate of the largest base (SPEC §3 keeps one). */
  tauxTVA: z.number(),
  montantTVA: z.number(),
  montantTTC: z.number(),
  ventilationTVA: z.array(vatBreakdownEntrySchema),
  /** EN 16931 category of the whole invoice: S (VAT charged), E (franchise), AE, K, G. */
  categorieTVA: z.enum(VAT_CATEGORIES),
  /** The VAT sentence printed (franchise, reverse charge, exemption…); '' when VAT is charged. */
  mentionTVA: z.string(),
  /** Whether late penalties and the €40 indemnity are printed: a business buyer, never an individual. */
  mentionsProfessionnelles: z.boolean(),
  dateLivraison: z.string(),
  adresseLivraison: postalAddressSchema.nullable(),
  /** The viewer's own side (SPEC §4: each party sees only its side). */
  statut: z.enum([...ISSUER_STATUSES, ...RECIPIENT_STATUSES]),
  statutEmetteur: z.enum(ISSUER_STATUSES).nullable(),
  statutDestinataire: z.enum(RECIPIENT_STATUSES).nullable(),
  /** Paid on either side: the PAYÉE stamp shows, with this date. */
  payee: z.boolean(),
  datePaiement: z.string().nullable(),
  envoyeeLe: z.string().nullable(),
  verrouillee: z.boolean(),
  role: z.enum(['emetteur', 'destinataire']),
  mentionsLegales: invoiceMentionsSchema,
  /** The quote a deposit or a final invoice comes from. */
  devis: z.object({ _id: z.string(), numero: z.string() }).nullable(),
  /** A credit note: the invoice it corrects (BT-25, BT-26) and why (printed, and in the XML's notes). */
  factureOrigine: documentReferenceSchema.nullable(),
  motif: z.string(),
  /** A final invoice: the deposits already invoiced on its quote, deducted from what is due (BT-113). */
  acomptes: z.array(documentReferenceSchema),
  /** Euros: the deposits' total, and what remains due (BT-115 = montantTTC − montantAcomptes). */
  montantAcomptes: z.number(),
  netAPayer: z.number(),
  /** An invoice or deposit: the credit notes issued against it, and their total in euros (positive). */
  avoirs: z.array(documentReferenceSchema),
  montantCredite: z.number(),
  /** Fully credited: the number of the credit note that completed it (« Annulée par avoir AV-… »). */
  annuleeParAvoir: z.string().nullable(),
  /**
   * Issue 17, euros: the confirmed payments, and what remains due (packages/shared amount-due.ts: the
   * total less deposits, credit notes and payments; 0 on a credit note). A client's declared payment is
   * not counted until the issuer confirms it.
   */
  montantPaye: z.number(),
  resteAPayer: z.number(),
  /** Issued, open, past its due date and not fully paid (`cycle.enRetard`), by how many days (0 when not late). */
  enRetard: z.boolean(),
  joursRetard: z.number().int(),
  /** The document's life for the reader's side (document-life.ts): what every badge, filter and figure reads. */
  cycle: documentLifeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The other party's account: closed or suspended, nothing sent to it arrives (counterpart.ts). */
  contrepartie: counterpartSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Answer of POST /factures/{id}/send-internal: the invoice, and what the sending did. */
export const sendInternalResponseSchema = invoiceSchema.extend({
  /** It was already on the platform for this client: nothing new was sent, bar a reminder below. */
  dejaEnvoyee: z.boolean(),
  /** The client has not chosen a password yet: an invitation went out, earlier links still work. */
  invitationEnvoyee: z.boolean(),
});
export type SendInternalResponse = z.infer<typeof sendInternalResponseSchema>;
/**
 * One row of an invoice list (issue 16): what the list screens show, without lines, snapshots or
 * mentions, so a page stays small whatever the invoices hold. `libelle` is invoiceLabel() of the whole
 * invoice (first line's description, else the object), computed by the server.
 */
export const invoiceListItemSchema = invoiceSchema
  .pick({
    _id: true,
    type: true,
    numero: true,
    dateEmission: true,
    dateEcheance: true,
    objet: true,
    destinataire: true,
    montantHT: true,
    montantTTC: true,
    statut: true,
    statutEmetteur: true,
    statutDestinataire: true,
    payee: true,
    envoyeeLe: true,
    verrouillee: true,
    role: true,
    devis: true,
    factureOrigine: true,
    montantAcomptes: true,
    netAPayer: true,
    annuleeParAvoir: true,
    montantPaye: true,
    resteAPayer: true,
    enRetard: true,
    joursRetard: true,
    cycle: true,
    createdAt: true,
    updatedAt: true,
    contrepartie: true,
  })
  .extend({
    libelle: z.string(),
    client: clientSchema.pick({ _id: true, nom: true, email: true, type: true }),
    emetteur: invoicePartySchema.pick({ _id: true, nom: true, prenom: true, email: true }),
  });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;
export const invoiceListSchema = z.array(invoiceListItemSchema);

/**
 * GET /factures, /factures/received and /factures/client/{id} (issue 16): a page, newest issue date
 * first. `status` is the viewer's side (SPEC §7 filter), `type` facture|acompte|avoir (issue 15), `q`
 * searches the number, the client's name and the object.
 */
export const invoiceListQuerySchema = z.object({
  ...pageQueryShape,
  status: singleLine().max(30).optional(),
  type: singleLine().max(30).optional(),
});
export type InvoiceListQuery = z.infer<typeof invoiceListQuerySchema>;

/**
 * GET /factures/totaux, /factures/received/totaux, /factures/client/{id}/totaux (issue 16): the figures
 * a list shows, from SQL aggregates over every page, with the same query filters as the list.
 * `nombre` and `totalTTC` honour every filter; `totalTTC` is in euros, credit notes negative and
 * cancelled documents left out (the issue-15 list total). `parStatut` counts each of the viewer's
 * statuses under the other filters (type, q) but not `status`, for the filter's counts.
 * `status=en_retard` (issue 17) keeps the late ones (sent, past due, not fully paid) of every status.
 */
export const invoiceListTotalsSchema = z.object({
  nombre: z.number().int(),
  totalTTC: z.number(),
  parStatut: z.record(z.string(), z.number().int()),
  /** Issue 17: how many are late today (under the other filters, not `status`), for the « En retard » filter. */
  enRetard: z.number().int(),
});
export type InvoiceListTotals = z.infer<typeof invoiceListTotalsSchema>;

export const numberingInfoSchema = z.object({ prochainNumero: z.string() });

export const invoiceStatusesSchema = z.object({
  statutEmetteur: z.enum(ISSUER_STATUSES).nullable(),
  statutDestinataire: z.enum(RECIPIENT_STATUSES).nullable(),
  canModifyEmetteur: z.boolean(),
  canModifyDestinataire: z.boolean(),
  /** The statuses the caller may choose now, for the status selector. */
  transitions: z.array(z.enum([...ISSUER_STATUSES, ...RECIPIENT_STATUSES])),
});
export type InvoiceStatuses = z.infer<typeof invoiceStatusesSchema>;

export const issuerStatusInputSchema = z.object({ statutEmetteur: z.enum(ISSUER_STATUSES) });
export const recipientStatusInputSchema = z.object({ statutDestinataire: z.enum(RECIPIENT_STATUSES) });
export const statusOnlyInputSchema = z.object({ statut: z.enum(ISSUER_STATUSES) }).strict();

/** What the list rows show as a label: the first line's description, else the object, else "Sans objet". */
export function invoiceLabel(invoice: { lignes: { description: string }[]; objet: string }): string {
  return invoice.lignes[0]?.description || invoice.objet || NO_OBJECT_LABEL;
}

export const EMAIL_RECIPIENT_REQUIRED_MESSAGE = 'Veuillez saisir une adresse email destinataire.';

/** Body of POST /factures/{id}/send-email (SPEC §2 Email popup). */
export const sendInvoiceEmailSchema = z.object({
  to: singleLine({ error: EMAIL_RECIPIENT_REQUIRED_MESSAGE })
    .min(1, EMAIL_RECIPIENT_REQUIRED_MESSAGE)
    .max(254, 'Adresse email trop longue')
    .pipe(z.email('Adresse email invalide')),
  // One line: a line break in a header would let a caller add headers of their own.
  subject: singleLine({ error: "L'objet de l'email est requis." })
    .min(1, "L'objet de l'email est requis.")
    .max(200, "L'objet de l'email est trop long (200 caractères au maximum)."),
  message: multiLine().max(5000, 'Message trop long (5000 caractères au maximum).').default(''),
});
export type SendInvoiceEmailInput = z.input<typeof sendInvoiceEmailSchema>;
