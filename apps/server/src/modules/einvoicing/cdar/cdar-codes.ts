import type { LifecycleCode } from '@facturo/shared';
import type { CdarParty } from './cdar-message.js';

/**
 * The codes of the French CDAR profile, as the official BR-FR-CDV schematron checks them
 * (`../shared/facturx/validation/fnfe/FNFE_RFE_INVOICE/CDAR/2xslt/BR-FR-CDV-Schematron-CDAR.xslt`).
 * The writer and the reader share them so that what one writes the other reads.
 */

export const CDAR_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

/** MDT-3: the CDV profile between the parties' platforms (BR-FR-CDV-02; the F2 one is for the PPF only). */
export const CDAR_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** MDT-2: an invoice between French taxable persons, within the reform (BR-FR-CDV-CL-01). */
export const CDAR_BUSINESS_PROCESS = 'REGULATED';

/**
 * MDT-77: the platforms' own statuses belong to the transmission phase (305), the parties' to the
 * processing phase (23); 305 requires the platform role WK for sender and issuer (BR-FR-CDV-CL-02/03).
 */
export const CDAR_PHASE = { transmission: '305', processing: '23' } as const;

/** UNTDID 3035 party roles: seller SE, buyer BY, platform WK (BR-FR-CDV-CL-02…08). */
export const CDAR_ROLE_CODES = { vendeur: 'SE', acheteur: 'BY', plateforme: 'WK' } as const satisfies Record<
  CdarParty['role'],
  string
>;

/**
 * The role codes another solution may use for the same three parties: the seller's side (SR its agent, II the
 * invoice's issuer, PE the payee, DL its factor), the buyer's (AB its agent, IV the invoicee, PR the payer).
 */
export const CDAR_ROLE_BY_CODE: Record<string, CdarParty['role']> = {
  SE: 'vendeur',
  SR: 'vendeur',
  II: 'vendeur',
  PE: 'vendeur',
  DL: 'vendeur',
  BY: 'acheteur',
  AB: 'acheteur',
  IV: 'acheteur',
  PR: 'acheteur',
  WK: 'plateforme',
  DFH: 'plateforme',
};

/** ICD schemes of the identifiers: SIREN 0002, SIRET 0009; 0225 is the French electronic address (annuaire). */
export const CDAR_SCHEME = { siren: '0002', siret: '0009', electronicAddress: '0225' } as const;

/** IssueDateTime (MDG-4): CCYYMMDDHHMMSS; invoice date (MDG-35) and payment date: CCYYMMDD. */
export const CDAR_DATE_FORMAT = { dateTime: '204', date: '102' } as const;

/** MDT-207 = MEN: the amount collected (212), one characteristic per VAT rate (BR-FR-CDV-14). */
export const CDAR_AMOUNT_COLLECTED = 'MEN';
/**
 * MDT-207 = MPA: the amount paid (211 « Paiement transmis »), as XP Z12-014's examples carry it — one
 * characteristic, the whole amount, no rate: the buyer says what left their account, not how it splits.
 */
export const CDAR_AMOUNT_PAID = 'MPA';

/**
 * The statuses that must carry a reason (BR-FR-CDV-15), each with the reason codes allowed for it
 * (BR-FR-CDV-CL-09: MDT-113_206, _207, _208, _210, _213, _221). 210 is the list outside public buyers (B2G).
 */
export const CDAR_REASONS_BY_STATUS: Partial<Record<LifecycleCode, readonly string[]>> = {
  206: [
    'AUTRE',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  207: [
    'AUTRE',
    'COORD_BANC_ERR',
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_INC',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
    'PU_ERR',
    'REM_ERR',
    'QTE_ERR',
    'ART_ERR',
    'MODPAI_ERR',
    'QUALITE_ERR',
    'LIVR_INCOMP',
  ],
  208: [
    'JUSTIF_ABS',
    'COORD_BANC_ERR',
    'CMD_ERR',
    'SIRET_ERR',
    'CODE_ROUTAGE_ERR',
    'REF_CT_ABSENT',
    'REF_ERR',
  ],
  210: [
    'TX_TVA_ERR',
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'NON_CONFORME',
    'DOUBLON',
    'DEST_ERR',
    'TRANSAC_INC',
    'EMMET_INC',
    'CONTRAT_TERM',
    'DOUBLE_FACT',
    'CMD_ERR',
    'ADR_ERR',
    'REF_CT_ABSENT',
  ],
  213: [
    'MONTANTTOTAL_ERR',
    'CALCUL_ERR',
    'DOUBLON',
    'DEST_INC',
    'ADR_ERR',
    'REJ_SEMAN',
    'REJ_UNI',
    'REJ_COH',
    'REJ_ADR',
    'REJ_CONT_B2G',
    'REJ_REF_PJ',
    'REJ_ASS_PJ',
  ],
  221: ['ROUTAGE_ERR'],
};

/** BR-FR-CDV-CL-09: every reason code the profile knows, whatever the status. */
export const CDAR_REASON_CODES: ReadonlySet<string> = new Set([
  'RETRAIT_MAN_SERV',
  'ST_CT_NON_DECLAR',
  'SUPPR_COMP_AVOIR',
  'TRANSF_PMNT_REGIE',
  'CONTACT_ACHTR',
  'NON_TRANSMISE',
  'JUSTIF_ABS',
  'ROUTAGE_ERR',
  'AUTRE',
  'COORD_BANC_ERR',
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'CALCUL_ERR',
  'NON_CONFORME',
  'DOUBLON',
  'DEST_INC',
  'DEST_ERR',
  'TRANSAC_INC',
  'EMMET_INC',
  'CONTRAT_TERM',
  'DOUBLE_FACT',
  'CMD_ERR',
  'ADR_ERR',
  'SIRET_ERR',
  'CODE_ROUTAGE_ERR',
  'REF_CT_ABSENT',
  'REF_ERR',
  'PU_ERR',
  'REM_ERR',
  'QTE_ERR',
  'ART_ERR',
  'MODPAI_ERR',
  'QUALITE_ERR',
  'LIVR_INCOMP',
  'REJ_SEMAN',
  'REJ_UNI',
  'REJ_COH',
  'REJ_ADR',
  'REJ_CONT_B2G',
  'REJ_REF_PJ',
  'REJ_ASS_PJ',
]);

/** BR-FR-04 (MDT-91): the invoice type codes a CDAR may refer to. */
export const CDAR_INVOICE_TYPE_CODES: ReadonlySet<string> = new Set(
  '380 389 393 501 386 500 384 471 472 473 261 262 381 396 502 503'.split(' '),
);
