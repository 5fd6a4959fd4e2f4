/**
 * Every legal constant of French invoicing in one place, each with the year it applies to and its
 * source. A new year adds a row; nothing else in the code base writes these numbers.
 */

export interface FranchiseThresholds {
  year: number;
  /** Sales of goods, accommodation: the base threshold and the higher one that ends the franchise at once. */
  goodsCents: number;
  goodsMajoreCents: number;
  /** Services (BIC and BNC). */
  servicesCents: number;
  servicesMajoreCents: number;
  source: string;
}

/** CGI art. 293 B: the franchise in base of VAT, thresholds of revenue excluding VAT. */
export const FRANCHISE_THRESHOLDS: readonly FranchiseThresholds[] = [
  {
    year: 2025,
    goodsCents: 8_500_000,
    goodsMajoreCents: 9_350_000,
    servicesCents: 3_750_000,
    servicesMajoreCents: 4_125_000,
    // The single 25 000 € threshold voted for 2025 was suspended, then abandoned: these stayed in force.
    source: 'CGI art. 293 B, I ; BOI-TVA-DECLA-40-10-10',
  },
];

/** The thresholds of a year: the latest known ones for a later year. */
export function franchiseThresholds(year: number): FranchiseThresholds {
  const known = [...FRANCHISE_THRESHOLDS].sort((a, b) => a.year - b.year);
  return known.filter((t) => t.year <= year).at(-1) ?? (known[0] as FranchiseThresholds);
}

/** The share of a threshold from which the professional is warned. */
export const FRANCHISE_WARNING_RATIO = 0.8;

/** Code de commerce art. D441-5: the fixed recovery indemnity owed by a business paying late. */
export const RECOVERY_INDEMNITY_CENTS = 4_000;
export const RECOVERY_INDEMNITY_SOURCE = 'Code de commerce, art. L441-10 et D441-5';
/** Code de commerce art. L441-10: at most 60 days from the issue date. */
export const MAX_PAYMENT_TERM_DAYS = 60;
