import type { CdarVatPart } from './cdar-message.js';

/**
 * 212 Encaissée carries the amount collected per VAT rate (BR-FR-CDV-14). A payment does not say which
 * rate it pays, so it is split in proportion to the invoice's amounts including VAT per rate — in integer
 * cents, exactly (BigInt: amount × total overflows a double's integers), the leftover cents going to the
 * largest remainders (then to the first rates) so the parts always add up to the payment.
 */
export function vatPartsOfPayment(
  invoiceTotalsByRate: readonly { ratePercent: number; totalCents: number }[],
  amountCents: number,
): CdarVatPart[] {
  const rates = invoiceTotalsByRate.filter((rate) => rate.totalCents > 0);
  const whole = rates.reduce((sum, rate) => sum + BigInt(rate.totalCents), 0n);
  if (whole === 0n) return [{ ratePercent: 0, amountCents }];
  const shares = rates.map((rate, index) => {
    const exact = BigInt(amountCents) * BigInt(rate.totalCents);
    return { index, ratePercent: rate.ratePercent, cents: exact / whole, remainder: exact % whole };
  });
  let leftover = amountCents - shares.reduce((sum, share) => sum + Number(share.cents), 0);
  const byRemainder = [...shares].sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const share of byRemainder) {
    if (leftover === 0) break;
    share.cents += 1n;
    leftover -= 1;
  }
  return shares.map((share) => ({ ratePercent: share.ratePercent, amountCents: Number(share.cents) }));
}
