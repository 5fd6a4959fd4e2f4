import {
  centsToEuros,
  type InvoiceInput,
  isValidLine,
  type LineExemptionFault,
  lineExemptionFaults,
  parseEurosToCents,
  parseQuantity,
  type QuoteInput,
  thousandthsToQuantity,
} from '@facturo/shared';
import { type DraftLine, type InvoiceDraft, invoicedLines } from './draft';
import { effectiveRate } from './draft-vat';

type VatOption = { chargesVat: boolean };

/**
 * What every document's body says (issue 15: invoices and quotes share it). Numbers are sent as numbers
 * (exact, from the shared parsers), each line with its unit and rate (0 when the sale charges no VAT);
 * totals are left to the server, which recomputes them anyway (DESIGN §3).
 */
function documentBody(draft: InvoiceDraft, { chargesVat }: VatOption) {
  const delivery = draft.adresseLivraison;
  return {
    client: draft.client?._id ?? '',
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
      ...lineExemption(line, chargesVat),
    })),
    mentionsLegales: draft.mentions,
  };
}

/** The body of POST /factures and PUT /factures/{id}: the document's, with the payment term. */
export function draftToInput(draft: InvoiceDraft, options: VatOption): InvoiceInput {
  return { ...documentBody(draft, options), delaiPaiement: draft.delaiPaiement };
}

/** The body of POST /devis and PUT /devis/{id}: the document's, with the validity date. */
export function draftToQuoteInput(draft: InvoiceDraft, options: VatOption): QuoteInput {
  return { ...documentBody(draft, options), dateValidite: draft.dateValidite };
}

/** A 0 % line of a sale charging VAT sends its exemption's code; other lines send none (the server refuses one). */
export function lineExemption(line: DraftLine, chargesVat: boolean): { motifExoneration?: string } {
  if (!chargesVat || effectiveRate(line.tauxTVA, chargesVat) !== 0 || !line.motifExoneration) return {};
  return { motifExoneration: line.motifExoneration };
}

/**
 * Per line of the draft, what the server would refuse in its exemption: the shared rule read on the lines
 * as they are sent (a line that is not sent has no fault), so the form stops what the server would.
 */
export function draftExemptionFaults(
  lines: readonly DraftLine[],
  { chargesVat }: VatOption,
): (LineExemptionFault | null)[] {
  const sent = lines.flatMap((line, index) => (isValidLine(line) ? [{ line, index }] : []));
  const faults = lineExemptionFaults(
    sent.map(({ line }) => ({
      rate: effectiveRate(line.tauxTVA, chargesVat),
      ...lineExemption(line, chargesVat),
    })),
    chargesVat,
  );
  const byIndex = new Map(sent.map(({ index }, position) => [index, faults[position] ?? null]));
  return lines.map((_, index) => byIndex.get(index) ?? null);
}
