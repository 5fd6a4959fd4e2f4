import {
  askedExemption,
  DEFAULT_VAT_RATE_REEL,
  EXEMPTION_REQUIRED_MESSAGE,
  EXEMPTION_UNKNOWN_MESSAGE,
  EXEMPTION_WITH_RATE_MESSAGE,
  FRANCHISE_RATE_MESSAGE,
  isVatRate,
  type LineExemptionFault,
  lineExemptionFaults,
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

/** The server's words for each fault of the shared rule, naming the line. */
const EXEMPTION_FAULT_MESSAGES: Record<LineExemptionFault, (line: number) => string> = {
  required: EXEMPTION_REQUIRED_MESSAGE,
  unknown: EXEMPTION_UNKNOWN_MESSAGE,
  withRate: EXEMPTION_WITH_RATE_MESSAGE,
  outOfScopeMixed: () => OUT_OF_SCOPE_MIXED_MESSAGE,
};

/**
 * Why each 0 % line charges no VAT (its VATEX code), when the sale charges French VAT, after the shared
 * rule (lineExemptionFaults, which the wizard applies too): the first line at fault is refused by name, a
 * mix of out-of-scope and other lines after every line passed. Under the franchise or a buyer-decided
 * treatment (AE, K, G) the invoice's own reason covers every line and a line's is ignored.
 */
export function lineExemptions(
  lines: readonly { motifExoneration?: string | undefined }[],
  rates: readonly VatRate[],
  treatment: VatTreatment,
): (string | undefined)[] {
  if (!treatment.chargesVat) return lines.map(() => undefined);
  const faults = lineExemptionFaults(
    lines.map((line, index) => ({ rate: rates[index] ?? 0, motifExoneration: line.motifExoneration })),
    true,
  );
  const lineFault = faults.findIndex((fault) => fault !== null && fault !== 'outOfScopeMixed');
  const first = lineFault >= 0 ? lineFault : faults.findIndex((fault) => fault !== null);
  const fault = faults[first];
  if (fault) throw badRequest(EXEMPTION_FAULT_MESSAGES[fault](first + 1));
  return lines.map((line, index) =>
    rates[index] === 0 ? vatExemption(askedExemption(line.motifExoneration))?.code : undefined,
  );
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
