/**
 * The ?status= values of /factures (SPEC §2). They are URL words with accents, distinct from the API's
 * status codes (envoyee, payee…), so they live with the web.
 */
export const INVOICE_STATUS_FILTERS = ['brouillon', 'envoyée', 'payée', 'annulée'] as const;
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number];

/** Plural labels, as in the navigation and the filtered list's title. */
export const INVOICE_STATUS_FILTER_LABELS: Record<InvoiceStatusFilter, string> = {
  brouillon: 'Brouillons',
  envoyée: 'Envoyées',
  payée: 'Payées',
  annulée: 'Annulées',
};

/** Reads ?status=; a typed or pasted URL may hold decomposed accents (NFD), so compare in NFC. */
export function parseInvoiceStatusFilter(raw: string | null): InvoiceStatusFilter | null {
  if (!raw) return null;
  const value = raw.normalize('NFC').toLowerCase();
  return INVOICE_STATUS_FILTERS.find((filter) => filter === value) ?? null;
}
