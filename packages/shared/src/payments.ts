/**
 * Issue 17: payments of an invoice. This file is the contract between the server and the web; the
 * payments module (apps/server/src/modules/payments) writes and reads them.
 */

export const PAYMENT_METHODS = ['virement', 'carte', 'cheque', 'especes', 'prelevement', 'autre'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: 'Virement',
  carte: 'Carte bancaire',
  cheque: 'Chèque',
  especes: 'Espèces',
  prelevement: 'Prélèvement',
  autre: 'Autre',
};
