import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { singleLine } from './text.js';

/**
 * The issuer's payment details and the colour of their invoices, written once for the server and the
 * web. The checks are ibantools' (ISO 13616 checksum, ISO 9362 BIC), not our own.
 */

export const IBAN_MESSAGE = 'IBAN invalide (vérifiez la clé de contrôle)';
export const BIC_MESSAGE = 'BIC invalide';
export const BIC_WITHOUT_IBAN_MESSAGE = 'Renseignez l’IBAN avant le BIC';
export const ACCENT_COLOR_MESSAGE = 'Couleur invalide (format #RRGGBB)';

/** The PDF's brand colour before the issuer chooses one. */
export const DEFAULT_ACCENT_COLOR = '#3730A3';

/** The electronic format: no spaces, upper case ('' stays '', meaning none). */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? '';
}

/** For a reader: groups of four (FR76 3000 6000 …), as banks print it. */
export function formatIbanForPrint(iban: string): string {
  return friendlyFormatIBAN(iban) ?? iban;
}

export function normalizeBic(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

/** '' (no IBAN) or a valid one, in any spacing or case. */
export function isValidIbanInput(value: string): boolean {
  const iban = normalizeIban(value);
  return iban === '' || isValidIBAN(iban);
}

export function isValidBicInput(value: string): boolean {
  const bic = normalizeBic(value);
  return bic === '' || isValidBIC(bic);
}

const ACCENT_COLOR = /^#[0-9A-F]{6}$/i;

/** Stored and returned in upper case, so two spellings of a colour are one value. */
export function normalizeAccentColor(value: string): string {
  return value.toUpperCase();
}

export function isValidAccentColor(value: string): boolean {
  return ACCENT_COLOR.test(value);
}

// Long enough for a pasted IBAN with spaces (34 characters and 8 spaces), short enough to refuse junk.
export const ibanSchema = singleLine({ error: IBAN_MESSAGE })
  .max(50, IBAN_MESSAGE)
  .refine(isValidIbanInput, IBAN_MESSAGE)
  .transform(normalizeIban);

export const bicSchema = singleLine({ error: BIC_MESSAGE })
  .max(20, BIC_MESSAGE)
  .refine(isValidBicInput, BIC_MESSAGE)
  .transform(normalizeBic);

export const accentColorSchema = singleLine({ error: ACCENT_COLOR_MESSAGE })
  .refine(isValidAccentColor, ACCENT_COLOR_MESSAGE)
  .transform(normalizeAccentColor);

/**
 * A BIC identifies the bank of an account: alone it says nothing. Checked on the profile as saved
 * (the body may change one of the two only), so the server asks it of the merged values.
 */
export function bicNeedsIban(details: { iban: string; bic: string }): boolean {
  return details.bic !== '' && details.iban === '';
}
