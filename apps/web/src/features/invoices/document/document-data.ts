import type { Invoice } from '@facturo/shared';

/**
 * What the printed-style invoice needs: a saved invoice has all of it, and the wizard's preview builds
 * the same from the draft, so both are drawn by one component.
 */
export type InvoiceDocumentData = Pick<
  Invoice,
  | 'numero'
  | 'dateEmission'
  | 'dateEcheance'
  | 'delaiPaiement'
  | 'objet'
  | 'client'
  | 'emetteur'
  | 'lignes'
  | 'montantHT'
  | 'tauxTVA'
  | 'montantTVA'
  | 'montantTTC'
  | 'payee'
  | 'datePaiement'
  | 'mentionsLegales'
>;
