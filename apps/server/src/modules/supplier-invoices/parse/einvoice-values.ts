import { isCalendarDay } from '@facturo/shared';
import { AppError } from '../../../lib/errors.js';
import { decimalString } from './decimal-cents.js';

/** A mandatory value of the invoice (BT-…), or a French 400 naming what is missing. */
export function required(value: string | null, what: string): string {
  if (value === null) throw new AppError(400, 'invalid_einvoice', `La facture ne contient pas ${what}.`);
  return value;
}

/** A VAT rate as written, without its trailing zeros ("20.00" → "20", "5.50" → "5.5"). */
export function rate(value: string | null): string | null {
  if (value === null) return null;
  const written = decimalString(value, 'taux de TVA');
  return written.includes('.') ? written.replace(/\.?0+$/, '') : written;
}

/** CII's date format 102 ("20260315") or an ISO date (UBL, or format 102 written with dashes) → YYYY-MM-DD, a real day of 1900 to 2200 (the shared rule). */
export function isoDate(value: string | null, what: string): string | null {
  if (value === null) return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  const date = match ? `${match[1]}-${match[2]}-${match[3]}` : '';
  if (!isCalendarDay(date)) {
    throw new AppError(400, 'invalid_einvoice', `Date illisible (${what}) : « ${value} ».`);
  }
  return date;
}

/** A SIREN is the first 9 digits of a SIRET; only French identifiers of the right length are kept. */
export function sirenOf(siren: string | null, siret: string | null): string | null {
  const compact = (s: string | null) => (s ? s.replace(/\s/g, '') : null);
  const own = compact(siren);
  if (own && /^\d{9}$/.test(own)) return own;
  const fromSiret = compact(siret);
  return fromSiret && /^\d{14}$/.test(fromSiret) ? fromSiret.slice(0, 9) : null;
}

export function siretOf(siret: string | null): string | null {
  const compact = siret ? siret.replace(/\s/g, '') : null;
  return compact && /^\d{14}$/.test(compact) ? compact : null;
}
