import { describe, expect, it } from 'vitest';
import { canSupplierInvoice, supplierInvoicePaymentSchema } from './supplier-invoices.js';

describe('supplier invoice transitions', () => {
  it('approves only a received invoice; refuses or pays a received or approved one; nothing after', () => {
    expect(canSupplierInvoice('approbation', 'recue')).toBe(true);
    expect(canSupplierInvoice('approbation', 'approuvee')).toBe(false);
    expect(canSupplierInvoice('refus', 'approuvee')).toBe(true);
    expect(canSupplierInvoice('paiement', 'approuvee')).toBe(true);
    for (const action of ['approbation', 'refus', 'paiement'] as const) {
      expect(canSupplierInvoice(action, 'refusee')).toBe(false);
      expect(canSupplierInvoice(action, 'payee')).toBe(false);
    }
  });

  it('takes a paid amount with at most 2 decimals', () => {
    const paid = (montant: number) =>
      supplierInvoicePaymentSchema.safeParse({ datePaiement: '2026-06-01', montant }).success;
    expect(paid(12.34)).toBe(true);
    expect(paid(0.1 + 0.2)).toBe(true);
    expect(paid(12.345)).toBe(false);
    expect(paid(0)).toBe(false);
  });
});
