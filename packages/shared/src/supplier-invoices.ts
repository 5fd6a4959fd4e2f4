/**
 * Issue 19: the « Factures fournisseurs » inbox — the e-invoices a professional receives (Factur-X PDF,
 * CII or UBL XML), from the platform or uploaded. The contract between the server
 * (apps/server/src/modules/supplier-invoices) and the web: what a received invoice is, its statuses and
 * the sentences both word the same way.
 */
import { z } from 'zod';
import { calendarDay, calendarDayMessage } from './calendar-day.js';
import { lifecycleEventSchema, REFUSAL_REASON_CODES } from './einvoicing.js';
import { singleLine } from './text.js';

/** 10 Mo: the largest e-invoice taken (a Factur-X PDF with its images). */
export const SUPPLIER_INVOICE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * 20 Mo: the most a received file may become once inflated — each stream of a Factur-X PDF (its
 * factur-x.xml, the object streams read to find it) and the XML read. Reading stops as soon as it is passed.
 */
export const EINVOICE_INFLATED_MAX_BYTES = 20 * 1024 * 1024;

/**
 * How many elements an invoice XML may hold (a 1,000-line invoice has about 20,000), and how deep they may
 * nest (CII and UBL go about ten levels down): what a parse costs in memory is bounded before it starts.
 */
export const EINVOICE_XML_MAX_ELEMENTS = 100_000;
export const EINVOICE_XML_MAX_DEPTH = 64;

/** Where a received invoice stands on the buyer's side. */
export const SUPPLIER_INVOICE_STATUSES = ['recue', 'approuvee', 'refusee', 'payee'] as const;
export type SupplierInvoiceStatus = (typeof SUPPLIER_INVOICE_STATUSES)[number];
export const SUPPLIER_INVOICE_STATUS_LABELS: Record<SupplierInvoiceStatus, string> = {
  recue: 'Reçue',
  approuvee: 'Approuvée',
  refusee: 'Refusée',
  payee: 'Payée',
};

/** What the buyer may do from each status (the server checks it; the page shows only these actions). */
export const SUPPLIER_INVOICE_TRANSITIONS = {
  approbation: ['recue'],
  refus: ['recue', 'approuvee'],
  paiement: ['recue', 'approuvee'],
} as const satisfies Record<string, readonly SupplierInvoiceStatus[]>;
export type SupplierInvoiceAction = keyof typeof SUPPLIER_INVOICE_TRANSITIONS;

export function canSupplierInvoice(action: SupplierInvoiceAction, status: SupplierInvoiceStatus): boolean {
  return (SUPPLIER_INVOICE_TRANSITIONS[action] as readonly SupplierInvoiceStatus[]).includes(status);
}

export const SUPPLIER_INVOICE_FORMAT_LABELS = {
  facturx: 'Factur-X (PDF)',
  cii: 'CII (XML)',
  ubl: 'UBL (XML)',
} as const;
export type SupplierInvoiceFormat = keyof typeof SUPPLIER_INVOICE_FORMAT_LABELS;

export const SUPPLIER_INVOICE_MESSAGES = {
  notFound: 'Facture fournisseur introuvable.',
  empty: 'Aucun fichier reçu : choisissez la facture à déposer.',
  tooLarge: 'Le fichier dépasse 10 Mo : trop volumineux pour une facture.',
  inflatedTooLarge:
    'Le fichier dépasse 20 Mo une fois décompressé : trop volumineux pour une facture, il n’a pas été lu.',
  tooManyElements: 'Le fichier XML de la facture est trop complexe : plus de 100\u00a0000 éléments.',
  tooDeep: `Le fichier XML de la facture est trop complexe : plus de ${EINVOICE_XML_MAX_DEPTH} niveaux d’éléments imbriqués.`,
  tooCostly:
    'Ce fichier demande trop de mémoire pour être lu : ce n’est pas une facture que Facturo peut recevoir.',
  busy: 'Trop de factures sont en cours de lecture : réessayez dans quelques secondes.',
  duplicate: 'Cette facture a déjà été reçue (même fournisseur, même numéro).',
  approveFrom: 'Seule une facture reçue peut être approuvée.',
  refuseFrom: 'Seule une facture reçue ou approuvée peut être refusée.',
  payFrom: 'Seule une facture reçue ou approuvée peut être marquée comme payée.',
  reasonCode: 'Choisissez le motif du refus.',
  reason: 'Expliquez le refus au fournisseur (500 caractères au maximum).',
  paymentDate: calendarDayMessage('Date de paiement'),
  futurePaymentDate: 'La date de paiement ne peut pas être dans le futur.',
  amount: 'Montant payé invalide : un montant en euros supérieur à 0, avec au plus 2 décimales.',
  status: 'Statut inconnu.',
} as const;

const partySchema = z.object({
  nom: z.string(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  numeroTva: z.string().nullable(),
  adresse: z.object({
    ligne: z.string().optional(),
    codePostal: z.string().optional(),
    ville: z.string().optional(),
    pays: z.string().optional(),
  }),
});

/** One received invoice in the list. */
export const supplierInvoiceSummarySchema = z.object({
  _id: z.string(),
  numero: z.string(),
  /** BT-3: 380 invoice, 381 credit note… */
  typeDocument: z.string(),
  fournisseur: z.string(),
  dateEmission: z.string(),
  dateEcheance: z.string().nullable(),
  devise: z.string(),
  montantHT: z.number(),
  montantTVA: z.number(),
  montantTTC: z.number(),
  netAPayer: z.number(),
  statut: z.enum(SUPPLIER_INVOICE_STATUSES),
  source: z.enum(['plateforme', 'depot']),
  format: z.enum(['facturx', 'cii', 'ubl']),
  /** When it arrived (ISO instant). */
  recueLe: z.string(),
});
export type SupplierInvoiceSummary = z.infer<typeof supplierInvoiceSummarySchema>;

/** One received invoice, readable: what GET /factures-fournisseurs/{id} answers. */
export const supplierInvoiceSchema = supplierInvoiceSummarySchema.extend({
  vendeur: partySchema,
  acheteur: z.string(),
  lignes: z.array(
    z.object({
      description: z.string(),
      quantite: z.string(),
      unite: z.string().nullable(),
      prixUnitaire: z.number(),
      montantHT: z.number(),
      categorieTva: z.string().nullable(),
      tauxTva: z.string().nullable(),
    }),
  ),
  tva: z.array(
    z.object({
      categorie: z.string(),
      taux: z.string().nullable(),
      base: z.number(),
      montant: z.number(),
      motifExoneration: z.string().nullable(),
    }),
  ),
  iban: z.string().nullable(),
  bic: z.string().nullable(),
  notes: z.array(z.string()),
  motifRefusCode: z.string().nullable(),
  motifRefus: z.string().nullable(),
  datePaiement: z.string().nullable(),
  /** The purchases register's row it fed (issue 18), once approved or paid. */
  achat: z.string().nullable(),
  fichier: z.object({ nom: z.string(), sha256: z.string() }),
  cycleDeVie: z.array(lifecycleEventSchema),
});
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

/** GET /factures-fournisseurs: newest first. */
export const supplierInvoiceListSchema = z.object({
  facturesFournisseurs: z.array(supplierInvoiceSummarySchema),
});
export type SupplierInvoiceList = z.infer<typeof supplierInvoiceListSchema>;

export const supplierInvoiceListQuerySchema = z.object({
  statut: z.enum(SUPPLIER_INVOICE_STATUSES, { error: SUPPLIER_INVOICE_MESSAGES.status }).optional(),
});

/** Body of POST /factures-fournisseurs/{id}/refus. */
export const supplierInvoiceRefusalSchema = z.object({
  motifCode: z.enum(REFUSAL_REASON_CODES, { error: SUPPLIER_INVOICE_MESSAGES.reasonCode }),
  motif: singleLine({ error: SUPPLIER_INVOICE_MESSAGES.reason })
    .min(1, SUPPLIER_INVOICE_MESSAGES.reason)
    .max(500, SUPPLIER_INVOICE_MESSAGES.reason),
});
export type SupplierInvoiceRefusal = z.infer<typeof supplierInvoiceRefusalSchema>;

/** Body of POST /factures-fournisseurs/{id}/paiement: the day paid, and the amount when not the due one. */
export const supplierInvoicePaymentSchema = z.object({
  datePaiement: calendarDay(SUPPLIER_INVOICE_MESSAGES.paymentDate),
  /** Euros; the amount due when absent. */
  montant: z
    .number({ error: SUPPLIER_INVOICE_MESSAGES.amount })
    .positive(SUPPLIER_INVOICE_MESSAGES.amount)
    .max(1_000_000_000, SUPPLIER_INVOICE_MESSAGES.amount)
    // At most 2 decimals: 12.34 × 100 is 1233.9999… in floats, hence the tolerance.
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, SUPPLIER_INVOICE_MESSAGES.amount)
    .optional(),
});
export type SupplierInvoicePayment = z.infer<typeof supplierInvoicePaymentSchema>;
