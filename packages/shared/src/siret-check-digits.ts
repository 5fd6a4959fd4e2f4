/**
 * The check digits of SIREN and SIRET (INSEE): the Luhn key over the whole number. The one exception is
 * La Poste (SIREN 356000000), whose thousands of establishments outgrew the Luhn key: their SIRET is valid
 * when the sum of its digits is a multiple of 5. Its head office (356 000 000 00048) predates the rule and
 * passes Luhn only, so a La Poste SIRET passes by either.
 */

export const LA_POSTE_SIREN = '356000000';

/** Luhn: from the right, every second digit doubled (9 taken off past 9); the sum is a multiple of 10. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const digit = Number(digits[digits.length - 1 - i]);
    const weighted = i % 2 === 1 ? digit * 2 : digit;
    sum += weighted > 9 ? weighted - 9 : weighted;
  }
  return sum % 10 === 0;
}

/** A 9-digit SIREN whose key is right. */
export function hasValidSirenKey(siren: string): boolean {
  return /^\d{9}$/.test(siren) && passesLuhn(siren);
}

/**
 * A 14-digit SIRET whose keys are right: its SIREN's (the first 9 digits) and its own (La Poste's by its
 * own rule too).
 */
export function hasValidSiretKey(siret: string): boolean {
  if (!/^\d{14}$/.test(siret) || !hasValidSirenKey(siret.slice(0, 9))) return false;
  if (passesLuhn(siret)) return true;
  if (!siret.startsWith(LA_POSTE_SIREN)) return false;
  const sum = [...siret].reduce((total, digit) => total + Number(digit), 0);
  return sum % 5 === 0;
}

/** The digit that, appended to `digits`, makes the whole pass Luhn (for tests and examples). */
export function luhnKeyFor(digits: string): string {
  for (let key = 0; key <= 9; key += 1) {
    if (passesLuhn(`${digits}${key}`)) return String(key);
  }
  throw new Error('unreachable: one of ten keys always fits');
}
