import { describe, expect, it } from 'vitest';
import { parseInvoiceStatusFilter } from './invoice-filters';

describe('parseInvoiceStatusFilter', () => {
  it('accepts the four filters of SPEC §2', () => {
    expect(parseInvoiceStatusFilter('brouillon')).toBe('brouillon');
    expect(parseInvoiceStatusFilter('envoyée')).toBe('envoyée');
    expect(parseInvoiceStatusFilter('payée')).toBe('payée');
    expect(parseInvoiceStatusFilter('annulée')).toBe('annulée');
  });

  it('accepts decomposed accents and capitals', () => {
    expect(parseInvoiceStatusFilter('paye\u0301e')).toBe('payée');
    expect(parseInvoiceStatusFilter('Brouillon')).toBe('brouillon');
  });

  it('treats anything else as no filter', () => {
    expect(parseInvoiceStatusFilter(null)).toBeNull();
    expect(parseInvoiceStatusFilter('')).toBeNull();
    expect(parseInvoiceStatusFilter('payee')).toBeNull();
  });
});
