import { hasValidSirenKey, hasValidSiretKey } from './siret-check-digits.js';

/** SIRET rules (SPEC §5): spaces and hyphens removed, exactly 14 digits, and right check digits. */

export const SIRET_LENGTH = 14;
/** 14 digits plus three separators in the 3-3-3-5 display format. */
export const SIRET_INPUT_MAX_LENGTH = 17;

export const SIRET_MESSAGE = 'Le SIRET doit contenir exactement 14 chiffres';
/** The register screen words the same rule slightly differently (SPEC §5). */
export const SIRET_REGISTER_MESSAGE = 'Le numéro SIRET doit contenir exactement 14 chiffres';

/** Fourteen digits whose check digits are wrong: a digit mistyped or two swapped. */
export const SIRET_KEY_MESSAGE =
  'Ce numéro SIRET n’est pas valide : vérifiez-le (un chiffre est erroné ou inversé).';
/** The same for a client, identified by its SIRET or its SIREN. */
export const CLIENT_SIRET_KEY_MESSAGE =
  'Ce numéro SIRET ou SIREN n’est pas valide : vérifiez-le (un chiffre est erroné ou inversé).';

export function normalizeSiret(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function isValidSiret(raw: string): boolean {
  return /^\d{14}$/.test(normalizeSiret(raw));
}

/**
 * A SIRET (14 digits) or SIREN (9) of the right length whose check digits are wrong. Anything else answers
 * false: a wrong length has its own message, checked before.
 */
export function hasWrongKey(raw: string): boolean {
  const digits = normalizeSiret(raw);
  if (/^\d{14}$/.test(digits)) return !hasValidSiretKey(digits);
  if (/^\d{9}$/.test(digits)) return !hasValidSirenKey(digits);
  return false;
}

/** Formats what the user typed as 3-3-3-5 digit groups, dropping anything that is not a digit. */
export function formatSiretInput(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, SIRET_LENGTH);
  const groups = [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6, 9), digits.slice(9)];
  return groups.filter((group) => group.length > 0).join(' ');
}
