import { describe, expect, it } from 'vitest';
import { invoiceQuotaReached } from './opening-quota';

describe('invoiceQuotaReached', () => {
  it('is the quota once the free plan has used all its invoices of the month', () => {
    expect(invoiceQuotaReached({ facturesMensuel: { utilise: 5, limite: 5 } })).toEqual({
      utilise: 5,
      limite: 5,
    });
    expect(invoiceQuotaReached({ facturesMensuel: { utilise: 6, limite: 5 } })).toEqual({
      utilise: 6,
      limite: 5,
    });
  });

  it('is null below the limit and without a limit', () => {
    expect(invoiceQuotaReached({ facturesMensuel: { utilise: 4, limite: 5 } })).toBeNull();
    expect(invoiceQuotaReached({ facturesMensuel: { utilise: 40, limite: null } })).toBeNull();
  });
});
