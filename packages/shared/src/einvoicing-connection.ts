import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * Issue 19: a professional's connection to their e-invoicing platform, as the API shows it and the
 * « Facturation électronique » page edits it. Secrets are never shown: only whether they are set.
 */
export const PLATFORM_KINDS = ['test', 'afnor'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];

export const einvoicingConnectionSchema = z.object({
  plateforme: z.enum(PLATFORM_KINDS),
  /** « Plateforme de test » or « Plateforme agréée ». */
  libelle: z.string(),
  urlApi: z.string().nullable(),
  urlJeton: z.string().nullable(),
  identifiantClient: z.string().nullable(),
  secretClientDefini: z.boolean(),
  secretWebhookDefini: z.boolean(),
  /** Where the platform must send its webhooks for this account. */
  urlWebhook: z.string(),
  derniereSynchronisation: z.string().nullable(),
});
export type EInvoicingConnection = z.infer<typeof einvoicingConnectionSchema>;

const httpsUrl = singleLine()
  .max(500, '500 caractères au maximum')
  .url('Adresse invalide.')
  .refine((value) => /^https?:\/\//.test(value), 'Adresse http(s) attendue.');
/** A secret is taken as typed: every character counts. */
const secret = singleLine({ trim: false }).min(1).max(500, '500 caractères au maximum');

/** PUT body: the test platform, or an approved platform's addresses and credentials. */
export const einvoicingConnectionInputSchema = z.discriminatedUnion('plateforme', [
  z.object({ plateforme: z.literal('test') }),
  z.object({
    plateforme: z.literal('afnor'),
    urlApi: httpsUrl,
    urlJeton: httpsUrl,
    identifiantClient: singleLine()
      .min(1, 'Identifiant client requis.')
      .max(200, '200 caractères au maximum'),
    /** Absent: the one already saved is kept. */
    secretClient: secret.optional(),
    secretWebhook: secret.optional(),
  }),
]);
export type EInvoicingConnectionInput = z.infer<typeof einvoicingConnectionInputSchema>;

export const PLATFORM_FLOW_STATES = ['a_envoyer', 'deposee', 'rejetee', 'echec', 'recue'] as const;
export const PLATFORM_FLOW_STATE_LABELS: Record<(typeof PLATFORM_FLOW_STATES)[number], string> = {
  a_envoyer: 'À envoyer',
  deposee: 'Déposé',
  rejetee: 'Rejeté',
  echec: 'Échec',
  recue: 'Reçu',
};

/** A flow exchanged with the platform, newest first on the page. */
export const platformFlowSchema = z.object({
  id: z.string(),
  sens: z.enum(['sortant', 'entrant']),
  nature: z.enum(['facture', 'cdar', 'ereporting']),
  etat: z.enum(PLATFORM_FLOW_STATES),
  codeStatut: z.number().nullable(),
  syntaxe: z.string(),
  nomFichier: z.string(),
  identifiantFlux: z.string().nullable(),
  tentatives: z.number(),
  derniereErreur: z.string().nullable(),
  factureId: z.string().nullable(),
  factureFournisseurId: z.string().nullable(),
  creeLe: z.string(),
  misAJourLe: z.string(),
});
export type PlatformFlow = z.infer<typeof platformFlowSchema>;
export const platformFlowListSchema = z.object({ flux: z.array(platformFlowSchema) });
export type PlatformFlowList = z.infer<typeof platformFlowListSchema>;
