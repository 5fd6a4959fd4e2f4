import { vatBreakdownCents } from './vat.js';

/**
 * Money rules (DESIGN §4): euros are integer cents, quantities integer thousandths; a line total is
 * quantity × unit price rounded half-up to the cent. No floating-point sum of euros anywhere.
 */

export const MAX_QUANTITY_THOUSANDTHS = 1_000_000_000; // 1 000 000 units
export const MAX_UNIT_PRICE_CENTS = 1_000_000_000; // 10 000 000 €

/** "3", "2.5", "0,125", 19.99 → exact integer of `scale` decimals; null when not such a number. */
function parseDecimal(value: unknown, decimals: number): number | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof text !== 'string') return null;
  const match = text
    .trim()
    .replace(',', '.')
    .match(/^(-?)(\d+)(?:\.(\d+))?$/);
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > decimals) return null;
  const scaled = Number(`${whole}${fraction.padEnd(decimals, '0')}`);
  return sign === '-' ? -scaled : scaled;
}

/** A quantity with up to 3 decimals, in thousandths. */
export function parseQuantity(value: unknown): number | null {
  return parseDecimal(value, 3);
}

/** A price in euros with up to 2 decimals, in cents. */
export function parseEurosToCents(value: unknown): number | null {
  return parseDecimal(value, 2);
}

/** quantity (thousandths) × unit price (cents), rounded half-up to the cent, in exact integer arithmetic. */
export function lineTotalCents(quantityThousandths: number, unitPriceCents: number): number {
  const product = BigInt(quantityThousandths) * BigInt(unitPriceCents);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  return Number(((magnitude + 500n) / 1000n) * sign);
}

export function sumCents(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + amount, 0);
}

/** Cents as the API's euro number with 2 decimals (12345 → 123.45). */
export function centsToEuros(cents: number): number {
  return Number((cents / 100).toFixed(2));
}

export function thousandthsToQuantity(thousandths: number): number {
  return Number((thousandths / 1000).toFixed(3));
}

// Built on first use: an Intl object loads ICU's locale data, which a server start does not need.
let euroFormat: Intl.NumberFormat | undefined;

/** "1 234,56 €" as the French reader expects. */
export function formatEuros(euros: number): string {
  euroFormat ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  return euroFormat.format(euros);
}

export interface LineAmountsInput {
  quantite: unknown;
  prixUnitaire: unknown;
  /** Percent; absent or unparsable counts as 0. */
  tauxTVA?: unknown;
}

/**
 * Totals of an invoice from its lines, the one computation the wizard's live totals and the server share:
 * line totals, HT, then the VAT of each rate on that rate's base (vat.ts), TTC = HT + VAT.
 * Lines whose numbers do not parse count as 0 (SPEC §5).
 */
export function invoiceTotals(lines: readonly LineAmountsInput[]) {
  const lineCents = lines.map((line) => {
    const quantity = parseQuantity(line.quantite) ?? 0;
    const price = parseEurosToCents(line.prixUnitaire) ?? 0;
    return lineTotalCents(quantity, price);
  });
  const breakdown = vatBreakdownCents(
    lines.map((line, index) => ({ totalCents: lineCents[index] ?? 0, tauxTVA: lineVatRate(line.tauxTVA) })),
  );
  const htCents = sumCents(lineCents);
  const vatCents = sumCents(breakdown.map((entry) => entry.montantTVACents));
  return { lineCents, htCents, vatCents, ttcCents: htCents + vatCents, breakdown };
}

/** A line's rate as typed ("5,5", 20, "") → a number of percent; anything else is 0. */
export function lineVatRate(value: unknown): number {
  const text =
    typeof value === 'number'
      ? String(value)
      : typeof value === 'string'
        ? value.trim().replace(',', '.')
        : '';
  const rate = Number(text);
  return text !== '' && Number.isFinite(rate) ? rate : 0;
}
