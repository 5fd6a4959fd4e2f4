import {
  DEFAULT_VAT_RATE_REEL,
  FRANCHISE_RATE_MESSAGE,
  isVatRate,
  VAT_RATE_MESSAGE,
  type VatBreakdownEntryCents,
  type VatRate,
  type VatRegime,
  type VatTreatment,
} from '@facturo/shared';
import { badRequest } from '../../lib/errors.js';

type RateInput = number | string | undefined;

/** "5,5", "5.5", 5.5 → 5.5; '' or nothing → undefined (the next default applies); else a 400. */
function parseRate(value: RateInput): number | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  if (text === '') return undefined;
  const rate = Number(text.replace(/\s*%$/, ''));
  if (!Number.isFinite(rate)) throw badRequest(VAT_RATE_MESSAGE);
  return rate;
}

/**
 * The rate each line charges: its own, else the invoice's `tauxTVA`, else 20 % for a seller charging VAT
 * and 0 under the franchise. A rate outside the French list is refused, and so is any rate but 0 under the
 * franchise: the seller must leave it in their profile first, not on one invoice.
 *
 * When the sale itself carries no French VAT (reverse charge AE, intra-Community goods K, export G), every
 * line's rate is 0 whatever was asked: it is the buyer's country and status that decide, not the line, and
 * the wizard may well have proposed 20 % before the client was chosen. The invoice then prints the
 * treatment's mention, which tells the reader why there is no VAT; refusing would only make the issuer
 * retype zeros.
 */
export function lineRates(
  lines: readonly { tauxTVA?: RateInput }[],
  invoiceRate: RateInput,
  regime: VatRegime,
  treatment: VatTreatment,
): VatRate[] {
  const fallback = parseRate(invoiceRate);
  return lines.map((line) => {
    const rate = parseRate(line.tauxTVA) ?? fallback ?? (regime === 'reel' ? DEFAULT_VAT_RATE_REEL : 0);
    if (!isVatRate(rate)) throw badRequest(VAT_RATE_MESSAGE);
    if (regime === 'franchise' && rate !== 0) throw badRequest(FRANCHISE_RATE_MESSAGE);
    return treatment.chargesVat ? rate : 0;
  });
}

/**
 * The one rate SPEC §3 keeps on an invoice (`tauxTVA`, the `vat_rate` column): the rate of every line when
 * they share one, else the rate whose base is the largest (the higher rate on a tie).
 */
export function headlineRate(breakdown: readonly VatBreakdownEntryCents[]): number {
  let best: VatBreakdownEntryCents | undefined;
  // The breakdown is sorted highest rate first, so a strict comparison keeps the higher rate on a tie.
  for (const entry of breakdown) if (!best || entry.baseHTCents > best.baseHTCents) best = entry;
  return best?.taux ?? 0;
}
