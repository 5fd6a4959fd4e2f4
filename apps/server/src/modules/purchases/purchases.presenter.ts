import { centsToEuros, type Purchase, type PurchaseTotals } from '@facturo/shared';
import type { PurchaseEntry } from './purchases.repo.js';

export function presentPurchase(entry: PurchaseEntry): Purchase {
  return {
    _id: entry.id,
    dateAchat: entry.datePurchase,
    fournisseur: entry.supplier,
    description: entry.description,
    montantHT: centsToEuros(entry.amountTtcCents - entry.vatCents),
    montantTVA: centsToEuros(entry.vatCents),
    montantTTC: centsToEuros(entry.amountTtcCents),
    methode: entry.paymentMethod,
    justificatif:
      entry.receiptContentType && entry.receiptSize !== null
        ? {
            nom: entry.receiptName ?? 'justificatif',
            type: entry.receiptContentType,
            taille: entry.receiptSize,
          }
        : null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
  };
}

/** Sums in cents (never euros), HT = TTC − TVA. */
export interface CentsTotals {
  htCents: number;
  vatCents: number;
  ttcCents: number;
}

export function totalsOf(entries: readonly PurchaseEntry[]): CentsTotals {
  let vatCents = 0;
  let ttcCents = 0;
  for (const entry of entries) {
    vatCents += entry.vatCents;
    ttcCents += entry.amountTtcCents;
  }
  return { htCents: ttcCents - vatCents, vatCents, ttcCents };
}

export function presentTotals(totals: CentsTotals): PurchaseTotals {
  return {
    montantHT: centsToEuros(totals.htCents),
    montantTVA: centsToEuros(totals.vatCents),
    montantTTC: centsToEuros(totals.ttcCents),
  };
}

/** The entries grouped by month ('YYYY-MM'), in their order (they come sorted by date). */
export function byMonth(entries: readonly PurchaseEntry[]): { month: string; entries: PurchaseEntry[] }[] {
  const groups: { month: string; entries: PurchaseEntry[] }[] = [];
  for (const entry of entries) {
    const month = entry.datePurchase.slice(0, 7);
    const last = groups.at(-1);
    if (last?.month === month) last.entries.push(entry);
    else groups.push({ month, entries: [entry] });
  }
  return groups;
}
