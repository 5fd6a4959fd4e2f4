import { z } from 'zod';
import { singleLine } from './text.js';

/**
 * A professional's connection to their e-invoicing platform, as the API shows it and the « Facturation
 * électronique » page edits it: the built-in test platform, or an approved platform reached through the
 * AFNOR XP Z12-013 API (its Flow Service, its Directory Service, its OAuth2 token endpoint). Secrets are
 * never shown: only whether they are set. The webhook is not typed in: Facturo registers it with the
 * platform (POST /v1/webhooks), which gives the key its deliveries are signed with.
 */
export const PLATFORM_KINDS = ['test', 'afnor'] as const;
export type PlatformKind = (typeof PLATFORM_KINDS)[number];

/** How the client secret reaches the token endpoint (RFC 6749 §2.3.1): HTTP Basic, or in the form body. */
export const CLIENT_AUTH_METHODS = ['basic', 'corps'] as const;
export type ClientAuthMethod = (typeof CLIENT_AUTH_METHODS)[number];
export const CLIENT_AUTH_LABELS: Record<ClientAuthMethod, string> = {
  basic: 'Authentification HTTP Basic',
  corps: 'Dans le corps de la requête',
};

export const einvoicingConnectionSchema = z.object({
  plateforme: z.enum(PLATFORM_KINDS),
  /** « Plateforme de test » or « Plateforme agréée ». */
  libelle: z.string(),
  /** The Flow Service's base URL (the standard's `servers` entry: requests go to `{urlApi}/v1/flows`…). */
  urlApi: z.string().nullable(),
  /** The Directory Service's base URL. */
  urlAnnuaire: z.string().nullable(),
  urlJeton: z.string().nullable(),
  identifiantClient: z.string().nullable(),
  authentificationClient: z.enum(CLIENT_AUTH_METHODS),
  secretClientDefini: z.boolean(),
  /** A webhook is registered with the platform: its changes arrive at once, not only at the next poll. */
  webhookEnregistre: z.boolean(),
  /** Why the registration tried by this request failed (the connection works by polling meanwhile). */
  erreurWebhook: z.string().nullable(),
  /** Where the platform sends its webhooks for this account (shown for information). */
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
    urlAnnuaire: httpsUrl,
    urlJeton: httpsUrl,
    identifiantClient: singleLine()
      .min(1, 'Identifiant client requis.')
      .max(200, '200 caractères au maximum'),
    /** Absent: the one already saved is kept. */
    secretClient: secret.optional(),
    authentificationClient: z.enum(CLIENT_AUTH_METHODS, {
      error: 'Authentification client : « basic » (HTTP Basic) ou « corps » (dans le corps de la requête).',
    }),
  }),
]);
export type EInvoicingConnectionInput = z.infer<typeof einvoicingConnectionInputSchema>;

/** One step of « Tester la connexion », said in French whether it worked or not. */
const connectionStepSchema = z.object({ ok: z.boolean(), message: z.string() });
export type ConnectionStep = z.infer<typeof connectionStepSchema>;

/** POST /facturation-electronique/connexion/test: the token, both services, the webhook. */
export const connectionTestSchema = z.object({
  jeton: connectionStepSchema,
  flux: connectionStepSchema,
  annuaire: connectionStepSchema,
  webhook: connectionStepSchema,
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
export const CONNECTION_TEST_STEPS = ['jeton', 'flux', 'annuaire', 'webhook'] as const;
export const CONNECTION_TEST_STEP_LABELS: Record<(typeof CONNECTION_TEST_STEPS)[number], string> = {
  jeton: 'Jeton d’accès (OAuth2)',
  flux: 'Flow Service',
  annuaire: 'Directory Service',
  webhook: 'Webhook',
};

/** What the page and the test say of the webhook, whatever the platform. */
export const WEBHOOK_MESSAGES = {
  registered: 'Webhook enregistré auprès de la plateforme.',
  notRegistered: (reason: string) => `Webhook non enregistré : ${reason}`,
  retryHint: 'Les changements arrivent par la synchronisation périodique ; « Tester la connexion » réessaie.',
} as const;

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
