import {
  DEFAULT_UNIT,
  type DepositInput,
  DOCUMENT_MESSAGES,
  parseEurosToCents,
  type Unit,
  vatBreakdownCents,
  vatOfBaseCents,
} from '@facturo/shared';
import type { QuoteRow } from '../../db/schema.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { readLine } from '../invoices/invoice-snapshots.js';

/** A line of a deposit invoice, as the invoice composition takes it (one per VAT rate of the quote). */
export interface DepositLineInput {
  description: string;
  quantite: number;
  prixUnitaire: string;
  unite: Unit;
  tauxTVA: number;
  motifExoneration?: string;
}

const exceedsQuote = () => new AppError(409, 'deposit_exceeds_quote', DOCUMENT_MESSAGES.depositExceedsQuote);

/** "1 200,50", 1200.5 → 120050 cents; spaces (also the French thin and no-break ones) are thousands. */
function amountCents(montant: number | string): number | null {
  return parseEurosToCents(typeof montant === 'string' ? montant.replace(/[\s\u00a0\u202f]/g, '') : montant);
}

const frenchNumber = (value: number) => String(value).replace('.', ',');

/**
 * The TTC a deposit asks for: a share of the quote's TTC (rounded half-up to the cent) or an amount;
 * refused when the deposits would then exceed the quote (`alreadyCents`: the deposits standing already).
 */
export function depositTargetCents(
  quote: Pick<QuoteRow, 'totalTtcCents'>,
  input: DepositInput,
  alreadyCents: number,
) {
  const cents =
    input.pourcentage !== undefined
      ? Math.round((quote.totalTtcCents * input.pourcentage) / 100)
      : amountCents(input.montant ?? '');
  if (cents === null || cents <= 0) throw badRequest(DOCUMENT_MESSAGES.depositAmountRequired);
  if (alreadyCents + cents > quote.totalTtcCents) throw exceedsQuote();
  return cents;
}

/**
 * The lines of a deposit invoice for `targetCents` TTC: one per VAT rate of the quote, each taking the
 * share of the target its rate has in the quote's TTC (largest remainder, so the shares add up exactly),
 * priced excluding VAT so that with its VAT it comes to that share — or to the cent below when no price
 * does (the VAT rounds), so a deposit never exceeds what was asked.
 */
export function depositLines(
  quote: Pick<QuoteRow, 'numero' | 'lines'>,
  input: DepositInput,
  targetCents: number,
): DepositLineInput[] {
  const breakdown = vatBreakdownCents(
    quote.lines.map(readLine).map((line) => ({ totalCents: line.totalCents, tauxTVA: line.vatRate })),
  ).map((entry) => ({ ...entry, ttcCents: entry.baseHTCents + entry.montantTVACents }));
  const shares = largestRemainder(
    targetCents,
    breakdown.map((entry) => entry.ttcCents),
  );
  const label =
    input.pourcentage !== undefined
      ? `Acompte de ${frenchNumber(input.pourcentage)} % sur le devis ${quote.numero}`
      : `Acompte sur le devis ${quote.numero}`;
  const bases = fitToTarget(
    breakdown.map((entry, index) => ({ rate: entry.taux, base: baseForTtc(shares[index] ?? 0, entry.taux) })),
    targetCents,
  );
  // The quote's 0 % lines gave their exemption; the deposit's 0 % share carries the (first) one.
  const exemption = quote.lines
    .map(readLine)
    .find((line) => line.vatRate === 0 && line.exemptionCode)?.exemptionCode;
  const lines = breakdown.flatMap((entry, index) => {
    const ht = bases[index] ?? 0;
    if (ht <= 0) return [];
    return [
      {
        description: breakdown.length > 1 ? `${label} (TVA ${frenchNumber(entry.taux)} %)` : label,
        quantite: 1,
        prixUnitaire: (ht / 100).toFixed(2),
        unite: DEFAULT_UNIT,
        tauxTVA: entry.taux,
        ...(entry.taux === 0 && exemption ? { motifExoneration: exemption } : {}),
      },
    ];
  });
  if (lines.length === 0) throw badRequest(DOCUMENT_MESSAGES.depositAmountRequired);
  return lines;
}

/** Splits `total` in proportion to `weights`, in whole cents adding up to `total` exactly. */
function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (BigInt(total) * BigInt(w)) / BigInt(sum));
  const floors = exact.map(Number);
  let left = total - floors.reduce((a, b) => a + b, 0);
  const byRemainder = weights
    .map((w, i) => ({ i, remainder: (BigInt(total) * BigInt(w)) % BigInt(sum) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    floors[i] = (floors[i] ?? 0) + 1;
    left -= 1;
  }
  return floors;
}

const ttcOf = (base: number, rate: number) => base + vatOfBaseCents(base, rate);

/**
 * A share no base reaches exactly (its VAT rounds past it) leaves the total a cent or so short: the cents
 * go to the rates where one more cent of base adds exactly what is missing, or less.
 */
function fitToTarget(parts: readonly { rate: number; base: number }[], targetCents: number): number[] {
  const bases = parts.map((part) => part.base);
  const total = () => parts.reduce((sum, part, i) => sum + ttcOf(bases[i] ?? 0, part.rate), 0);
  for (let missing = targetCents - total(); missing > 0; missing = targetCents - total()) {
    const steps = parts.map(
      (part, i) => ttcOf((bases[i] ?? 0) + 1, part.rate) - ttcOf(bases[i] ?? 0, part.rate),
    );
    const fitting = steps.map((step, i) => ({ step, i })).filter(({ step }) => step <= missing);
    const best = fitting.sort((a, b) => b.step - a.step)[0];
    if (!best) break;
    bases[best.i] = (bases[best.i] ?? 0) + 1;
  }
  return bases;
}

/** The largest base whose TTC at `rate` (VAT rounded half-up) is at most `ttcCents`. */
function baseForTtc(ttcCents: number, rate: number): number {
  let base = Math.round((ttcCents * 100) / (100 + rate));
  while (base > 0 && ttcOf(base, rate) > ttcCents) base -= 1;
  while (ttcOf(base + 1, rate) <= ttcCents) base += 1;
  return base;
}
