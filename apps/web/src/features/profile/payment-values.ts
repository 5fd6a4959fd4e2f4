import { normalizeIban } from '@facturo/shared';

/**
 * "fr7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189", as printed on a RIB. The checks
 * and the stored (electronic) form are the shared ones (packages/shared/src/bank.ts, with ibantools);
 * what does not read as an IBAN is shown as typed, for its check to refuse.
 */
export function formatIban(raw: string): string {
  const iban = normalizeIban(raw);
  return iban === '' ? raw.trim() : iban.replace(/(.{4})(?=.)/g, '$1 ');
}
