/**
 * Intra-Community VAT numbers. A French one is FR + a 2-digit key + the SIREN, the key being
 * (12 + 3 × (SIREN mod 97)) mod 97; the others are checked against their country's format (the VIES
 * formats), the member state's own check digits being the VIES service's business.
 */

export const VAT_NUMBER_MESSAGE = 'Numéro de TVA intracommunautaire invalide (ex. FR40303265045)';
export const VAT_NUMBER_SIREN_MESSAGE =
  'Ce numéro de TVA ne correspond pas au SIREN : vérifiez la clé (2 chiffres après FR) et le SIREN.';

const FORMATS: Record<string, RegExp> = {
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  BG: /^BG\d{9,10}$/,
  CY: /^CY\d{8}[A-Z]$/,
  CZ: /^CZ\d{8,10}$/,
  DE: /^DE\d{9}$/,
  DK: /^DK\d{8}$/,
  EE: /^EE\d{9}$/,
  EL: /^EL\d{9}$/,
  ES: /^ES[A-Z0-9]\d{7}[A-Z0-9]$/,
  FI: /^FI\d{8}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  HR: /^HR\d{11}$/,
  HU: /^HU\d{8}$/,
  IE: /^IE(\d{7}[A-W][A-I]?|\d[A-Z+*]\d{5}[A-W])$/,
  IT: /^IT\d{11}$/,
  LT: /^LT(\d{9}|\d{12})$/,
  LU: /^LU\d{8}$/,
  LV: /^LV\d{11}$/,
  MT: /^MT\d{8}$/,
  NL: /^NL\d{9}B\d{2}$/,
  PL: /^PL\d{10}$/,
  PT: /^PT\d{9}$/,
  RO: /^RO\d{2,10}$/,
  SE: /^SE\d{12}$/,
  SI: /^SI\d{8}$/,
  SK: /^SK\d{10}$/,
  XI: /^XI(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
};

/** "fr 40 303 265 045" → "FR40303265045". */
export function normalizeVatNumber(raw: string): string {
  return raw.replace(/[\s.-]/g, '').toUpperCase();
}

export function frenchVatKey(siren: string): string {
  const key = (12 + 3 * (Number(siren) % 97)) % 97;
  return String(key).padStart(2, '0');
}

/** The VAT number the tax office gives a French business with this SIREN. */
export function frenchVatNumber(siren: string): string {
  return `FR${frenchVatKey(siren)}${siren}`;
}

export function isValidVatNumber(raw: string): boolean {
  const value = normalizeVatNumber(raw);
  const format = FORMATS[value.slice(0, 2)];
  if (!format?.test(value)) return false;
  // Numerical French keys are checked; the rare alphabetical keys of new businesses cannot be.
  if (value.startsWith('FR') && /^\d{2}$/.test(value.slice(2, 4))) {
    return value.slice(2, 4) === frenchVatKey(value.slice(4));
  }
  return true;
}

/** The country a VAT number belongs to, as an ISO code (EL is Greece, GR; XI Northern Ireland, GB). */
export function vatNumberCountry(raw: string): string {
  const prefix = normalizeVatNumber(raw).slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix;
}

/** For a French seller: does this VAT number carry this SIREN? */
export function vatNumberMatchesSiren(raw: string, siren: string): boolean {
  const value = normalizeVatNumber(raw);
  return value.startsWith('FR') && value.slice(4) === siren;
}
