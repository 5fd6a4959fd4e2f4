import {
  DEFAULT_COUNTRY_CODE,
  invoiceTotals,
  type VatRegime,
  type VatTreatment,
  vatTreatment,
} from '@facturo/shared';
import type { DraftLine, InvoiceDraft } from './draft';

/**
 * How this sale is taxed, from the issuer's regime, the nature of the operation and the chosen client
 * (packages/shared vat.ts): the rate column and the VAT totals only show when it charges VAT. Before a
 * client is chosen, a French individual is assumed (VAT charged by a `reel` seller).
 */
export function draftVatTreatment(
  draft: Pick<InvoiceDraft, 'client' | 'mentions'>,
  regime: VatRegime,
): VatTreatment {
  const client = draft.client;
  return vatTreatment({
    regime,
    nature: draft.mentions.natureOperation,
    buyer: {
      type: client?.type ?? 'particulier',
      countryCode: client?.adresse.codePays || DEFAULT_COUNTRY_CODE,
      vatNumber: client?.tvaIntracommunautaire ?? null,
    },
  });
}

/** A line's rate as the invoice will carry it: its own when VAT is charged, else 0. */
export function effectiveRate(tauxTVA: string, chargesVat: boolean): number {
  if (!chargesVat) return 0;
  const rate = Number(tauxTVA.replace(',', '.'));
  return Number.isFinite(rate) ? rate : 0;
}

/** The live totals of the lines as typed: the shared computation, with the rates the invoice will carry. */
export function draftTotals(lines: readonly DraftLine[], chargesVat: boolean) {
  return invoiceTotals(
    lines.map((line) => ({
      quantite: line.quantite,
      prixUnitaire: line.prixUnitaire,
      tauxTVA: effectiveRate(line.tauxTVA, chargesVat),
    })),
  );
}
