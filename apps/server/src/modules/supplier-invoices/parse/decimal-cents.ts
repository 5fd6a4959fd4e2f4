import { AppError } from '../../../lib/errors.js';

/**
 * A decimal amount as an e-invoice writes it ("1234.5", "-12.345", "0.10") → integer cents, rounded half
 * away from zero, computed on the digits (no float: 0.1 + 0.2 must never leak into a total).
 */
export function decimalToCents(value: string, what: string): number {
  const match = /^([+-])?(\d+)(?:\.(\d*))?$/.exec(value.trim());
  if (!match) throw new AppError(400, 'invalid_einvoice', `Montant illisible (${what}) : « ${value} ».`);
  const [, sign, whole = '0', fraction = ''] = match;
  const padded = `${fraction}000`;
  let cents = Number(whole) * 100 + Number(padded.slice(0, 2));
  if (Number(padded[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) {
    throw new AppError(400, 'invalid_einvoice', `Montant hors limites (${what}) : « ${value} ».`);
  }
  return sign === '-' ? -cents : cents;
}

/** A quantity or rate as written, checked to be a decimal number. */
export function decimalString(value: string, what: string): string {
  const trimmed = value.trim();
  if (!/^[+-]?\d+(?:\.\d*)?$/.test(trimmed)) {
    throw new AppError(400, 'invalid_einvoice', `Valeur illisible (${what}) : « ${value} ».`);
  }
  return trimmed;
}
