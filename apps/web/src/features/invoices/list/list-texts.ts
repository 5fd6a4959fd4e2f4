/* The words of the invoice lists (SPEC §2, issue 16), apart from the components for their tests. */

export const NO_INVOICES_TEXT = 'Aucune facture trouvée';

/** « Aucune facture trouvée », and for a search, which one found nothing. */
export function noInvoicesText(search: string): string {
  return search ? `${NO_INVOICES_TEXT} pour « ${search} ».` : NO_INVOICES_TEXT;
}

const plural = (n: number, word: string) => `${word}${n > 1 ? 's' : ''}`;

/** « 50 documents affichés sur 120 », under a list while pages are left. */
export function invoicesCountText(shown: number, total: number): string {
  return `${shown} ${plural(shown, 'document')} ${plural(shown, 'affiché')} sur ${total}`;
}

/** « 3 documents · Total TTC : », before the list's signed total. */
export function totalLineText(count: number): string {
  return `${count} ${plural(count, 'document')} · Total TTC :`;
}
