import {
  DEFAULT_VAT_RATE_REEL,
  EXEMPTION_REQUIRED_MESSAGE,
  EXEMPTION_UNKNOWN_MESSAGE,
  EXEMPTION_WITH_RATE_MESSAGE,
  FRANCHISE_RATE_MESSAGE,
  isVatRate,
  OUT_OF_SCOPE_MIXED_MESSAGE,
  VAT_RATE_MESSAGE,
  type VatBreakdownEntryCents,
  type VatRate,
  type VatRegime,
  type VatTreatment,
  vatExemption,
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
 * Why each 0 % line charges no VAT (its VATEX code), when the sale charges French VAT: France has no zero
 * rate, so such a line must name its exemption, one of the reasons an issuer may choose per line. A reason
 * on a taxed line is refused (it would print a false mention); under the franchise or a buyer-decided
 * treatment (AE, K, G) the invoice's own reason covers every line and a line's is ignored. An operation
 * outside the scope of VAT (O) is invoiced alone (EN 16931 BR-O-11 to 14).
 */
export function lineExemptions(
  lines: readonly { motifExoneration?: string | undefined }[],
  rates: readonly VatRate[],
  treatment: VatTreatment,
): (string | undefined)[] {
  if (!treatment.chargesVat) return lines.map(() => undefined);
  const codes = lines.map((line, index) => {
    const asked = line.motifExoneration?.trim().toUpperCase() ?? '';
    if (rates[index] !== 0) {
      if (asked !== '') throw badRequest(EXEMPTION_WITH_RATE_MESSAGE(index + 1));
      return undefined;
    }
    if (asked === '') throw badRequest(EXEMPTION_REQUIRED_MESSAGE(index + 1));
    const exemption = vatExemption(asked);
    if (!exemption?.perLine) throw badRequest(EXEMPTION_UNKNOWN_MESSAGE(index + 1));
    return exemption.code;
  });
  const outOfScope = codes.filter((code) => vatExemption(code)?.category === 'O').length;
  if (outOfScope > 0 && outOfScope < codes.length) throw badRequest(OUT_OF_SCOPE_MIXED_MESSAGE);
  return codes;
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
