import {
  centsToEuros,
  type InvoiceInput,
  parseEurosToCents,
  parseQuantity,
  thousandthsToQuantity,
} from '@facturo/shared';
import { type InvoiceDraft, invoicedLines } from './draft';
import { effectiveRate } from './draft-vat';

/**
 * The body of POST /factures and PUT /factures/{id}. Numbers are sent as numbers (exact, from the shared
 * parsers), each line with its unit and rate (0 when the sale charges no VAT); totals are left to the
 * server, which recomputes them anyway (DESIGN §3).
 */
export function draftToInput(draft: InvoiceDraft, { chargesVat }: { chargesVat: boolean }): InvoiceInput {
  const delivery = draft.adresseLivraison;
  return {
    client: draft.client?._id ?? '',
    delaiPaiement: draft.delaiPaiement,
    objet: draft.objet.trim(),
    dateLivraison: draft.dateLivraison,
    adresseLivraison: draft.livraisonDifferente
      ? {
          rue: delivery.rue.trim(),
          codePostal: delivery.codePostal.trim(),
          ville: delivery.ville.trim(),
          pays: delivery.pays,
        }
      : null,
    lignes: invoicedLines(draft.lignes).map((line) => ({
      description: line.description.trim(),
      quantite: thousandthsToQuantity(parseQuantity(line.quantite) ?? 0),
      unite: line.unite,
      prixUnitaire: centsToEuros(parseEurosToCents(line.prixUnitaire) ?? 0),
      tauxTVA: effectiveRate(line.tauxTVA, chargesVat),
    })),
    mentionsLegales: draft.mentions,
  };
}
