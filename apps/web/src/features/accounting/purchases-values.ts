import {
  PURCHASE_MESSAGES,
  PURCHASE_RECEIPT_MAX_BYTES,
  PURCHASE_RECEIPT_TYPES,
  type Purchase,
  type PurchaseInput,
  purchaseAmountCents,
} from '@facturo/shared';

/** What the purchase form holds: amounts as typed, in French. */
export interface PurchaseFormValues {
  dateAchat: string;
  fournisseur: string;
  description: string;
  montantTTC: string;
  montantTVA: string;
  methode: PurchaseInput['methode'];
}

/** « 149,5 » → « 149,50 »: amounts shown back as a French user types them. */
export const typedEuros = (euros: number) => euros.toFixed(2).replace('.', ',');

export function emptyPurchaseValues(today: string): PurchaseFormValues {
  return {
    dateAchat: today,
    fournisseur: '',
    description: '',
    montantTTC: '',
    montantTVA: '0,00',
    methode: 'carte',
  };
}

export function purchaseValuesOf(purchase: Purchase): PurchaseFormValues {
  return {
    dateAchat: purchase.dateAchat,
    fournisseur: purchase.fournisseur,
    description: purchase.description,
    montantTTC: typedEuros(purchase.montantTTC),
    montantTVA: typedEuros(purchase.montantTVA),
    methode: purchase.methode,
  };
}

/** HT = TTC − TVA as the form shows it while typing, or null while either amount does not read. */
export function typedHtCents(values: Pick<PurchaseFormValues, 'montantTTC' | 'montantTVA'>): number | null {
  const ttc = purchaseAmountCents(values.montantTTC);
  const vat = purchaseAmountCents(values.montantTVA === '' ? '0' : values.montantTVA);
  return ttc === null || vat === null || vat > ttc ? null : ttc - vat;
}

/**
 * Why this file cannot be the receipt, or null when it may be sent: the server's limits and sentences,
 * checked before a long upload. The server still reads the type from the bytes (a renamed file is refused there).
 */
export function receiptFileProblem(file: { type: string; size: number }): string | null {
  if (!(PURCHASE_RECEIPT_TYPES as readonly string[]).includes(file.type)) {
    return PURCHASE_MESSAGES.receiptUnsupported;
  }
  if (file.size > PURCHASE_RECEIPT_MAX_BYTES) return PURCHASE_MESSAGES.receiptTooLarge;
  if (file.size === 0) return PURCHASE_MESSAGES.receiptEmpty;
  return null;
}

let sizeFormat: Intl.NumberFormat | undefined;

/** « 1,2 Mo », « 350 ko »: a receipt's size as French readers write it. */
export function fileSize(bytes: number): string {
  sizeFormat ??= new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${sizeFormat.format(bytes / (1024 * 1024))} Mo`;
  return `${sizeFormat.format(Math.max(1, Math.round(bytes / 1024)))} ko`;
}
