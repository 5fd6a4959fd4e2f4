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

/** Issue 17: the micro-entrepreneur's activities as the URSSAF declaration distinguishes them. */
export const URSSAF_ACTIVITIES = ['vente', 'services_bic', 'bnc'] as const;
export type UrssafActivity = (typeof URSSAF_ACTIVITIES)[number];

export const URSSAF_ACTIVITY_LABELS: Record<UrssafActivity, string> = {
  vente: 'Vente de marchandises (BIC)',
  services_bic: 'Prestations de services commerciales ou artisanales (BIC)',
  bnc: 'Prestations de services libérales (BNC, SSI)',
};

export interface UrssafRates {
  year: number;
  /** Social contributions of the micro-social regime, in basis points of the revenue collected (1230 = 12,3 %). */
  basisPoints: Record<UrssafActivity, number>;
  source: string;
}

/** Code de la sécurité sociale art. D613-4: the global rates of the micro-social regime (metropolitan France). */
export const URSSAF_RATES: readonly UrssafRates[] = [
  {
    year: 2025,
    basisPoints: { vente: 1230, services_bic: 2120, bnc: 2460 },
    source: 'CSS art. D613-4, décret n° 2024-484 du 30 mai 2024',
  },
  {
    year: 2026,
    basisPoints: { vente: 1230, services_bic: 2120, bnc: 2560 },
    source: 'CSS art. D613-4, décret n° 2025-943 du 8 septembre 2025',
  },
];

/** The rates of a year: the latest known ones for a later year, the earliest for an earlier one. */
export function urssafRates(year: number): UrssafRates {
  const known = [...URSSAF_RATES].sort((a, b) => a.year - b.year);
  return known.filter((r) => r.year <= year).at(-1) ?? (known[0] as UrssafRates);
}

export interface LegalInterestRate {
  /** First day of the semester, YYYY-MM-DD. */
  from: string;
  /** « Tous les autres cas » (a creditor acting for its business), in basis points (262 = 2,62 %). */
  professionalBasisPoints: number;
  source: string;
}

/**
 * Code monétaire et financier art. L313-2 and D313-1-A: the legal interest rate, fixed each semester by
 * arrêté. Late-payment penalties are at least three times it (Code de commerce art. L441-10).
 */
export const LEGAL_INTEREST_RATES: readonly LegalInterestRate[] = [
  { from: '2025-01-01', professionalBasisPoints: 371, source: 'Arrêté du 17 décembre 2024' },
  { from: '2025-07-01', professionalBasisPoints: 276, source: 'Arrêté du 19 juin 2025 (JO du 24 juin 2025)' },
  {
    from: '2026-01-01',
    professionalBasisPoints: 262,
    source: 'Arrêté du 15 décembre 2025 (JO du 26 décembre 2025)',
  },
];

/** The rate in force on a day (YYYY-MM-DD): the latest semester started on or before it. */
export function legalInterestRate(day: string): LegalInterestRate {
  const known = [...LEGAL_INTEREST_RATES].sort((a, b) => a.from.localeCompare(b.from));
  return known.filter((r) => r.from <= day).at(-1) ?? (known[0] as LegalInterestRate);
}

/** Code de commerce art. L441-10: penalties are at least three times the legal interest rate. */
export const LATE_PENALTY_MULTIPLIER = 3;

/** Issue 19: how often a seller sends the e-reporting of its B2C and international sales and payments. */
export interface EreportingPeriodicity {
  /** The VAT regime it applies to (franchise = art. 293 B; reel = VAT charged). */
  regime: 'franchise' | 'reel';
  /** Length of one period in calendar months, periods starting in January. */
  months: 1 | 2;
  label: string;
  source: string;
}

/**
 * The reform's transmission calendar, simplified to what Facturo's users are: under the franchise every
 * two months; charging VAT, every month (the ten-day rhythm of the « réel normal mensuel » for
 * transactions is not offered: a micro-entreprise is not under it).
 */
export const EREPORTING_PERIODICITIES: readonly EreportingPeriodicity[] = [
  {
    regime: 'franchise',
    months: 2,
    label: 'bimestrielle',
    source:
      'CGI art. 290 et 290 A ; décret n° 2022-1299 du 7 octobre 2022, art. 1 (CGI ann. II, art. 242 nonies M et suivants)',
  },
  {
    regime: 'reel',
    months: 1,
    label: 'mensuelle',
    source:
      'CGI art. 290 et 290 A ; décret n° 2022-1299 du 7 octobre 2022, art. 1 (CGI ann. II, art. 242 nonies M et suivants)',
  },
];

export function ereportingPeriodicity(regime: 'franchise' | 'reel'): EreportingPeriodicity {
  const found = EREPORTING_PERIODICITIES.find((p) => p.regime === regime);
  if (!found) throw new Error(`no e-reporting periodicity for ${regime}`);
  return found;
}

/** The first period Facturo prepares: the reform's first obligations start on 1 September 2026. */
export const EREPORTING_FIRST_MONTH = '2026-09';

/**
 * How long the books and their supporting documents (issued invoices, purchases, FEC, journal) are kept:
 * ten years from the end of the financial year they belong to. A closed account stays readable (read-only)
 * until then. Facturo's financial year is the calendar year.
 */
export const BOOKS_RETENTION = { years: 10, source: 'Code de commerce, art. L123-22, al. 2' } as const;

/** The last day of retention of the books whose last issued document is of `lastIssuedYear`. */
export const retentionEndOf = (lastIssuedYear: number): string =>
  `${lastIssuedYear + BOOKS_RETENTION.years}-12-31`;
