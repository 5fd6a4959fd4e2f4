import type { ParsedParty } from './parsed-einvoice.js';

/**
 * How the inbox recognises a seller across files, for duplicate detection: its SIREN, else its VAT
 * number, else its name — normalised (case, accents, punctuation and spaces do not make a new seller).
 * Prefixed, so a name never collides with an identifier.
 */
export function sellerKey(seller: ParsedParty): string {
  if (seller.siren) return `siren:${seller.siren}`;
  const vat = seller.vatNumber?.replace(/[\s.-]/g, '').toUpperCase();
  if (vat) return `tva:${vat}`;
  const name = seller.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  return `nom:${name}`;
}
