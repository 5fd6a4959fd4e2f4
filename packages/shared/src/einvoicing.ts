/**
 * Issue 19: the e-invoicing reform (réforme de la facturation électronique, CGI art. 289 bis; statuses of
 * the norm AFNOR XP Z12-012 and the DGFiP's external specifications). What both the server and the web
 * app know of the lifecycle statuses a document goes through on the approved platforms (« plateformes
 * agréées », PA), and of Facturo's connection to one.
 */
import { z } from 'zod';

/** Who sets a lifecycle status: the platforms themselves, the buyer, or the seller. */
export const LIFECYCLE_ACTORS = ['plateforme', 'acheteur', 'vendeur'] as const;
export type LifecycleActor = (typeof LIFECYCLE_ACTORS)[number];

export interface LifecycleStatusInfo {
  libelle: string;
  acteur: LifecycleActor;
  /** Mandatory statuses must be sent to the tax administration's concentrator (200, 210, 212, 213). */
  obligatoire: boolean;
  /** Past it, nothing more happens to the invoice on the platform (a new invoice is needed, or it is paid). */
  final: boolean;
}

/**
 * The lifecycle statuses of an invoice (XP Z12-012, « cycle de vie »), by code. The codes are those the
 * CDAR messages carry (ram:ProcessConditionCode).
 */
export const LIFECYCLE_STATUSES = {
  200: { libelle: 'Déposée', acteur: 'plateforme', obligatoire: true, final: false },
  201: { libelle: 'Émise par la plateforme', acteur: 'plateforme', obligatoire: false, final: false },
  202: { libelle: 'Reçue par la plateforme', acteur: 'plateforme', obligatoire: false, final: false },
  203: { libelle: 'Mise à disposition', acteur: 'plateforme', obligatoire: false, final: false },
  204: { libelle: 'Prise en charge', acteur: 'acheteur', obligatoire: false, final: false },
  205: { libelle: 'Approuvée', acteur: 'acheteur', obligatoire: false, final: false },
  206: { libelle: 'Approuvée partiellement', acteur: 'acheteur', obligatoire: false, final: false },
  207: { libelle: 'En litige', acteur: 'acheteur', obligatoire: false, final: false },
  208: { libelle: 'Suspendue', acteur: 'acheteur', obligatoire: false, final: false },
  209: { libelle: 'Complétée', acteur: 'vendeur', obligatoire: false, final: false },
  210: { libelle: 'Refusée', acteur: 'acheteur', obligatoire: true, final: true },
  211: { libelle: 'Paiement transmis', acteur: 'acheteur', obligatoire: false, final: false },
  212: { libelle: 'Encaissée', acteur: 'vendeur', obligatoire: true, final: true },
  213: { libelle: 'Rejetée', acteur: 'plateforme', obligatoire: true, final: true },
  214: { libelle: 'Visée', acteur: 'acheteur', obligatoire: false, final: false },
  220: { libelle: 'Annulée', acteur: 'vendeur', obligatoire: false, final: true },
  221: { libelle: 'Erreur de routage', acteur: 'plateforme', obligatoire: false, final: true },
} as const satisfies Record<number, LifecycleStatusInfo>;

export type LifecycleCode = keyof typeof LIFECYCLE_STATUSES;
export const LIFECYCLE_CODES = Object.keys(LIFECYCLE_STATUSES).map(Number) as LifecycleCode[];

export function isLifecycleCode(code: number): code is LifecycleCode {
  return Object.hasOwn(LIFECYCLE_STATUSES, code);
}

/** « 212 Encaissée », as the timelines show a status. */
export function lifecycleLabel(code: LifecycleCode): string {
  return `${code} ${LIFECYCLE_STATUSES[code].libelle}`;
}

/**
 * How the buyer's statuses move the recipient side of Facturo's two-sided statuses on the seller's
 * invoice (DESIGN §5): the seller sees them as they would see a recipient on the instance.
 */
export const LIFECYCLE_RECIPIENT_STATUS = {
  204: 'vue',
  205: 'acceptee',
  206: 'acceptee',
  210: 'refusee',
  211: 'payee',
} as const satisfies Partial<Record<LifecycleCode, 'vue' | 'acceptee' | 'refusee' | 'payee'>>;

/**
 * The statuses after which the seller must cancel the invoice by a credit note and issue a new one
 * (the invoice was refused by the buyer or rejected by the platform: it stays in the books as issued).
 */
export const LIFECYCLE_NEEDS_CREDIT_NOTE: readonly LifecycleCode[] = [210, 213];

/**
 * The reasons a buyer may give for refusing an invoice (210), as the CDAR carries them (code, MDT-113) and
 * the refusal form shows them (words). The codes are exactly those the official French schematron allows for
 * a refusal between businesses (BR-FR-CDV-CL-09, rule MDT-113_210): a code outside it, « AUTRE » included,
 * would have the platform reject the status. The buyer's own words go with the code.
 */
export const REFUSAL_REASONS = {
  NON_CONFORME: 'Facture non conforme (mention obligatoire absente ou erronée)',
  DOUBLON: 'Facture déjà reçue (doublon)',
  DOUBLE_FACT: 'Prestation ou livraison déjà facturée',
  DEST_ERR: 'Je ne suis pas le destinataire de cette facture',
  EMMET_INC: 'Émetteur inconnu',
  TRANSAC_INC: 'Achat inconnu (aucune commande ni prestation correspondante)',
  CONTRAT_TERM: 'Contrat terminé',
  CMD_ERR: 'Référence de commande absente ou erronée',
  REF_CT_ABSENT: 'Référence du contrat absente',
  ADR_ERR: 'Adresse de facturation erronée',
  TX_TVA_ERR: 'Taux de TVA erroné',
  MONTANTTOTAL_ERR: 'Montant total erroné',
  CALCUL_ERR: 'Erreur de calcul dans la facture',
} as const satisfies Record<string, string>;
export type RefusalReasonCode = keyof typeof REFUSAL_REASONS;
export const REFUSAL_REASON_CODES = Object.keys(REFUSAL_REASONS) as [
  RefusalReasonCode,
  ...RefusalReasonCode[],
];

/** One status in a document's lifecycle, as the timelines show it (both sides). */
export const lifecycleEventSchema = z.object({
  _id: z.string(),
  code: z.number().int(),
  libelle: z.string(),
  acteur: z.enum(LIFECYCLE_ACTORS),
  /** The reason code of a refusal or rejection, and its words. */
  motifCode: z.string().nullable(),
  motif: z.string().nullable(),
  /** For 212 Encaissée (and 211): the amount paid, in euros, and the day. */
  montant: z.number().nullable(),
  datePaiement: z.string().nullable(),
  /** When it happened (ISO instant). */
  date: z.string(),
});
export type LifecycleEvent = z.infer<typeof lifecycleEventSchema>;

/** The platforms Facturo can be connected to: its built-in test platform, or an approved one (AFNOR API). */
export const EINVOICING_PLATFORM_KINDS = ['test', 'afnor'] as const;
export type EInvoicingPlatformKind = (typeof EINVOICING_PLATFORM_KINDS)[number];
export const EINVOICING_PLATFORM_LABELS: Record<EInvoicingPlatformKind, string> = {
  test: 'Plateforme de test',
  afnor: 'Plateforme agréée (API AFNOR XP Z12-013)',
};
