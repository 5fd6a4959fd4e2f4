import { z } from 'zod';
import { FRANCHISE_WARNING_RATIO, type FranchiseThresholds } from './legal-constants.js';

/**
 * Where a professional under the VAT franchise stands against its thresholds (CGI art. 293 B): below,
 * past 80 % (warned), past the base threshold (the franchise ends on 1 January of the next year), or past
 * the higher threshold (VAT is due from the day it is crossed).
 */
export const FRANCHISE_LEVELS = ['ok', 'alerte', 'depasse', 'depasse_majore'] as const;
export type FranchiseLevel = (typeof FRANCHISE_LEVELS)[number];

export function franchiseLevel(
  revenueCents: number,
  thresholdCents: number,
  majoreCents: number,
): FranchiseLevel {
  if (revenueCents > majoreCents) return 'depasse_majore';
  if (revenueCents > thresholdCents) return 'depasse';
  if (revenueCents >= thresholdCents * FRANCHISE_WARNING_RATIO) return 'alerte';
  return 'ok';
}

/** The threshold that applies: goods for a seller of goods, services otherwise (the lower, for mixed). */
export function applicableThreshold(
  thresholds: FranchiseThresholds,
  nature: 'services' | 'biens' | 'mixte',
): { seuilCents: number; seuilMajoreCents: number } {
  return nature === 'biens'
    ? { seuilCents: thresholds.goodsCents, seuilMajoreCents: thresholds.goodsMajoreCents }
    : { seuilCents: thresholds.servicesCents, seuilMajoreCents: thresholds.servicesMajoreCents };
}

export const FRANCHISE_EXPLANATIONS: Record<FranchiseLevel, string> = {
  ok: 'Vous restez sous le seuil de la franchise en base de TVA : vos factures portent la mention « TVA non applicable, art. 293 B du CGI ».',
  alerte:
    'Vous approchez du seuil de la franchise (80 % atteints). S’il est dépassé, vous devrez facturer la TVA à partir du 1er janvier suivant : demandez dès maintenant votre numéro de TVA intracommunautaire.',
  depasse:
    'Seuil de la franchise dépassé : vous devrez facturer la TVA à partir du 1er janvier de l’année prochaine (tant que le seuil majoré n’est pas atteint). Passez au régime réel dans Mon entreprise le moment venu.',
  depasse_majore:
    'Seuil majoré dépassé : la TVA est due dès la facture qui le dépasse. Passez au régime réel dans Mon entreprise et facturez la TVA dès maintenant.',
};

/** GET /users/me/franchise. Amounts in euros, as every amount of the API. */
export const franchiseStatusSchema = z.object({
  annee: z.number(),
  /** Revenue excluding VAT of the year's issued invoices (« émise », DESIGN §5: unsent numbered ones never count). */
  chiffreAffairesHT: z.number(),
  seuil: z.number(),
  seuilMajore: z.number(),
  /** chiffreAffairesHT / seuil, 0 to 1 and more. */
  ratio: z.number(),
  niveau: z.enum(FRANCHISE_LEVELS),
  explication: z.string(),
  source: z.string(),
  /** False for a professional who already charges VAT: the gauge is then informative only. */
  enFranchise: z.boolean(),
});
export type FranchiseStatus = z.infer<typeof franchiseStatusSchema>;
