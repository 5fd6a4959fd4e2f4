import {
  centsToEuros,
  type LifecycleEvent,
  type SupplierInvoice,
  type SupplierInvoiceSummary,
} from '@facturo/shared';
import type { ParsedLine, ParsedVatBreakdown } from './parsed-einvoice.js';
import type { SupplierInvoiceEntry } from './supplier-invoices.repo.js';

export function presentSupplierInvoiceSummary(row: SupplierInvoiceEntry): SupplierInvoiceSummary {
  return {
    _id: row.id,
    numero: row.numero,
    typeDocument: row.typeCode,
    fournisseur: row.sellerName,
    dateEmission: row.dateEmission,
    dateEcheance: row.dateEcheance,
    devise: row.currency,
    montantHT: centsToEuros(row.totalHtCents),
    montantTVA: centsToEuros(row.totalVatCents),
    montantTTC: centsToEuros(row.totalTtcCents),
    netAPayer: centsToEuros(row.amountDueCents),
    statut: row.status,
    source: row.source,
    format: row.originalFormat,
    recueLe: row.createdAt.toISOString(),
  };
}

/** The readable invoice: the parsed lines and VAT breakdown as stored (jsonb written by receive). */
export function presentSupplierInvoice(
  row: SupplierInvoiceEntry,
  lifecycle: LifecycleEvent[],
): SupplierInvoice {
  const lines = row.lines as ParsedLine[];
  const vat = row.vatBreakdown as ParsedVatBreakdown[];
  return {
    ...presentSupplierInvoiceSummary(row),
    vendeur: {
      nom: row.sellerName,
      siren: row.sellerSiren,
      siret: row.sellerSiret,
      numeroTva: row.sellerVatNumber,
      adresse: row.sellerAddress,
    },
    acheteur: row.buyerName,
    lignes: lines.map((line) => ({
      description: line.description,
      quantite: line.quantity,
      unite: line.unitCode,
      prixUnitaire: centsToEuros(line.unitPriceCents),
      montantHT: centsToEuros(line.netCents),
      categorieTva: line.vatCategory,
      tauxTva: line.vatRate,
    })),
    tva: vat.map((entry) => ({
      categorie: entry.category,
      taux: entry.rate,
      base: centsToEuros(entry.baseCents),
      montant: centsToEuros(entry.vatCents),
      motifExoneration: entry.exemptionReason,
    })),
    iban: row.iban,
    bic: row.bic,
    notes: row.notes,
    motifRefusCode: row.refusalCode,
    motifRefus: row.refusalReason,
    datePaiement: row.paidOn,
    achat: row.purchaseId,
    fichier: { nom: row.fileName, sha256: row.originalSha256 },
    cycleDeVie: lifecycle,
  };
}
