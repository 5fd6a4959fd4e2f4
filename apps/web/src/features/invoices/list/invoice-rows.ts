import type { Invoice } from '@facturo/shared';

interface Party {
  role: Invoice['role'];
  client: Pick<Invoice['client'], 'nom'>;
  emetteur: Pick<Invoice['emetteur'], 'nom' | 'prenom'>;
}

/**
 * Who the row is about (SPEC §2): the client on invoices I issued, the issuer on those I received
 * (particuliers only ever see the latter).
 */
export function counterpartName(invoice: Party): string {
  if (invoice.role === 'emetteur') return invoice.client.nom;
  return `${invoice.emetteur.prenom} ${invoice.emetteur.nom}`.trim();
}

/**
 * Newest issue date first (SPEC §2). The server already sorts; sorting again keeps the order right when
 * a cache update put an invoice in place. Same day: the one created last comes first.
 */
export function sortNewestFirst<T extends Pick<Invoice, 'dateEmission' | 'createdAt'>>(
  invoices: readonly T[],
): T[] {
  return [...invoices].sort(
    (a, b) => b.dateEmission.localeCompare(a.dateEmission) || b.createdAt.localeCompare(a.createdAt),
  );
}

/** SPEC §2 client detail: "x.xx € HT" from montantHT, else montantTTC, else 0. */
export function amountBeforeTax(invoice: { montantHT?: number | null; montantTTC?: number | null }): number {
  return invoice.montantHT ?? invoice.montantTTC ?? 0;
}
