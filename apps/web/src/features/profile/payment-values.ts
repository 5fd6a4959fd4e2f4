/**
 * IBAN and BIC as the Paiement section shows and sends them. Their checks (ISO 13616 checksum, BIC shape)
 * are the server's, with a maintained library; the web only tidies what was typed.
 */

/** "fr7630006000011234567890189" → "FR76 3000 6000 0112 3456 7890 189", as printed on a RIB. */
export function formatIban(raw: string): string {
  return electronicIban(raw).replace(/(.{4})(?=.)/g, '$1 ');
}

/** The IBAN without spaces, upper-cased: what the server stores. */
export function electronicIban(raw: string): string {
  return raw.replace(/[\s-]/g, '').toUpperCase();
}

export function normalizeBic(raw: string): string {
  return raw.replace(/\s/g, '').toUpperCase();
}
