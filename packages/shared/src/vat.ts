/**
 * VAT rules (issue 12, DESIGN §4): a seller is under the franchise (art. 293 B du CGI, the default of a
 * micro-entrepreneur) or charges VAT (« régime réel »). Rates are the French ones; amounts are integer
 * cents; the VAT of each rate is its base × rate rounded half-up to the cent (EN 16931 BR-CO-17).
 */

export const VAT_REGIMES = ['franchise', 'reel'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];
export const DEFAULT_VAT_REGIME: VatRegime = 'franchise';
export const VAT_REGIME_LABELS: Record<VatRegime, string> = {
  franchise: 'Franchise en base de TVA',
  reel: 'Assujetti à la TVA',
};

/** The French rates in percent (CGI art. 278 to 281 nonies): normal, intermediate, reduced, super-reduced. */
export const VAT_RATES = [0, 2.1, 5.5, 10, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** What a line charges when a VAT-registered seller does not say. */
export const DEFAULT_VAT_RATE_REEL: VatRate = 20;

export const VAT_RATE_MESSAGE = 'Taux de TVA invalide (0 ; 2,1 ; 5,5 ; 10 ou 20 %)';
export const FRANCHISE_RATE_MESSAGE =
  'Vous êtes en franchise de TVA : aucun taux de TVA ne peut être appliqué. Passez au régime réel dans votre profil pour facturer la TVA.';
export const VAT_NUMBER_REQUIRED_MESSAGE =
  'Un numéro de TVA intracommunautaire est requis pour facturer la TVA.';

export function isVatRate(value: number): value is VatRate {
  return (VAT_RATES as readonly number[]).includes(value);
}

/** "5,5 %" as printed. */
export function formatVatRate(rate: number): string {
  return `${rate.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} %`;
}

/** base × rate %, rounded half-up to the cent, in exact integer arithmetic (rates have at most 2 decimals). */
export function vatOfBaseCents(baseCents: number, ratePercent: number): number {
  const basisPoints = BigInt(Math.round(ratePercent * 100));
  const product = BigInt(baseCents) * basisPoints;
  const sign = product < 0n ? -1n : 1n;
  return Number(((product * sign + 5000n) / 10000n) * sign);
}

export interface VatBreakdownEntryCents {
  taux: number;
  baseHTCents: number;
  montantTVACents: number;
}

/** One entry per rate, highest rate first; VAT is computed on each rate's base, never per line. */
export function vatBreakdownCents(
  lines: readonly { totalCents: number; tauxTVA: number }[],
): VatBreakdownEntryCents[] {
  const bases = new Map<number, number>();
  for (const line of lines) bases.set(line.tauxTVA, (bases.get(line.tauxTVA) ?? 0) + line.totalCents);
  return [...bases.entries()]
    .sort(([a], [b]) => b - a)
    .map(([taux, baseHTCents]) => ({
      taux,
      baseHTCents,
      montantTVACents: vatOfBaseCents(baseHTCents, taux),
    }));
}

/**
 * EN 16931 VAT categories Facturo issues: S standard rate, E exempt (the franchise), AE reverse charge
 * (services to an EU business), K intra-Community supply of goods, G export outside the EU.
 */
export const VAT_CATEGORIES = ['S', 'E', 'AE', 'K', 'G'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

export interface VatTreatment {
  category: VatCategory;
  /** Printed on the invoice and sent as the exemption reason (BT-120); '' when VAT is charged. */
  mention: string;
  /** VATEX code (BT-121), null when VAT is charged. */
  exemptionCode: string | null;
  /** False when every line's rate is 0 whatever was asked. */
  chargesVat: boolean;
}

export const FRANCHISE_TVA_MENTION = 'TVA non applicable, art. 293 B du CGI';
export const REVERSE_CHARGE_MENTION =
  'Autoliquidation, art. 283-2 du CGI (art. 196 de la directive 2006/112/CE)';
export const INTRA_EU_GOODS_MENTION = 'Exonération de TVA, art. 262 ter I du CGI';
export const EXPORT_MENTION = 'Exonération de TVA, art. 262 I du CGI';
/** Printed when the seller opted to pay VAT on debits (CGI art. 269, 2-c). */
export const DEBIT_OPTION_MENTION = "Option pour le paiement de la taxe d'après les débits";

export interface VatTreatmentInput {
  regime: VatRegime;
  nature: 'services' | 'biens' | 'mixte';
  buyer: { type: 'particulier' | 'entreprise'; countryCode: string; vatNumber: string | null };
}

/**
 * Which VAT regime a sale falls under. A service to a business of another member state is taxed where
 * the buyer is established and self-assessed by it (art. 259-1 and 283-2 du CGI), whatever the seller's
 * regime: a franchise seller invoices it under reverse charge too, never « art. 293 B ». A VAT-registered seller charges French VAT to a French buyer and
 * to any individual in the EU; an EU business with a VAT number self-assesses (services: reverse charge,
 * art. 283-2 and 259-1 du CGI) or receives an exempt intra-Community supply (goods); outside the EU, an
 * export.
 */
export function vatTreatment({ regime, nature, buyer }: VatTreatmentInput): VatTreatment {
  const country = buyer.countryCode.toUpperCase();
  const euBusiness =
    country !== 'FR' && isEuCountry(country) && buyer.type === 'entreprise' && !!buyer.vatNumber;
  if (regime === 'franchise') return euBusiness && nature !== 'biens' ? VAT_TREATMENTS.AE : VAT_TREATMENTS.E;
  if (country !== 'FR' && !isEuCountry(country)) return VAT_TREATMENTS.G;
  if (country !== 'FR' && buyer.type === 'entreprise' && buyer.vatNumber) {
    return nature === 'biens' ? VAT_TREATMENTS.K : VAT_TREATMENTS.AE;
  }
  return VAT_TREATMENTS.S;
}

/** Each category's mention and exemption code: what a stored invoice's category reads back as. */
export const VAT_TREATMENTS: Record<VatCategory, VatTreatment> = {
  S: { category: 'S', mention: '', exemptionCode: null, chargesVat: true },
  E: {
    category: 'E',
    mention: FRANCHISE_TVA_MENTION,
    exemptionCode: 'VATEX-FR-FRANCHISE',
    chargesVat: false,
  },
  AE: { category: 'AE', mention: REVERSE_CHARGE_MENTION, exemptionCode: 'VATEX-EU-AE', chargesVat: false },
  K: { category: 'K', mention: INTRA_EU_GOODS_MENTION, exemptionCode: 'VATEX-EU-IC', chargesVat: false },
  G: { category: 'G', mention: EXPORT_MENTION, exemptionCode: 'VATEX-EU-G', chargesVat: false },
};

/** The 27 member states (ISO 3166-1 alpha-2; Greece is EL in VAT numbers, GR here). */
export const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;

export function isEuCountry(code: string): boolean {
  return (EU_COUNTRIES as readonly string[]).includes(code.toUpperCase());
}
