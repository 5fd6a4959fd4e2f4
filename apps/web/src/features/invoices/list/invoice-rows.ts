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

/** SPEC §2 client detail: "x.xx € HT" from montantHT, else montantTTC, else 0. */
export function amountBeforeTax(invoice: { montantHT?: number | null; montantTTC?: number | null }): number {
  return invoice.montantHT ?? invoice.montantTTC ?? 0;
}
