import { PURCHASE_MESSAGES, PURCHASE_RECEIPT_MAX_BYTES } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { fileSize, receiptFileProblem, typedEuros, typedHtCents } from './purchases-values';

describe('purchase form values', () => {
  it('computes HT from amounts typed the French way, or nothing while they do not read', () => {
    expect(typedHtCents({ montantTTC: '1 234,56', montantTVA: '205,76' })).toBe(102_880);
    expect(typedHtCents({ montantTTC: '100', montantTVA: '' })).toBe(10_000);
    expect(typedHtCents({ montantTTC: '100', montantTVA: '120' })).toBeNull();
    expect(typedHtCents({ montantTTC: 'cent', montantTVA: '0' })).toBeNull();
    expect(typedEuros(149.5)).toBe('149,50');
  });

  it('checks a receipt before sending it, with the server’s sentences', () => {
    expect(receiptFileProblem({ type: 'application/pdf', size: 1000 })).toBeNull();
    expect(receiptFileProblem({ type: 'image/png', size: PURCHASE_RECEIPT_MAX_BYTES })).toBeNull();
    expect(receiptFileProblem({ type: 'image/jpeg', size: PURCHASE_RECEIPT_MAX_BYTES + 1 })).toBe(
      PURCHASE_MESSAGES.receiptTooLarge,
    );
    expect(receiptFileProblem({ type: 'application/x-msdownload', size: 10 })).toBe(
      PURCHASE_MESSAGES.receiptUnsupported,
    );
    expect(receiptFileProblem({ type: 'image/webp', size: 10 })).toBe(PURCHASE_MESSAGES.receiptUnsupported);
  });

  it('writes sizes in French units', () => {
    expect(fileSize(350 * 1024)).toBe('350 ko');
    expect(fileSize(1.25 * 1024 * 1024)).toBe('1,3 Mo');
    expect(fileSize(10)).toBe('1 ko');
  });
});
