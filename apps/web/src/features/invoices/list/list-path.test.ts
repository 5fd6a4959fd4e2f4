import { describe, expect, it } from 'vitest';
import { boxParamValue, invoiceListPath, parseBox } from './list-path';

describe('invoiceListPath', () => {
  it('asks for everything when no filter is chosen', () => {
    expect(invoiceListPath('issued', null)).toBe('/factures');
    expect(invoiceListPath('received', null)).toBe('/factures/received');
  });

  it("turns the URL's accented word into the API's status code", () => {
    expect(invoiceListPath('issued', 'brouillon')).toBe('/factures?status=brouillon');
    expect(invoiceListPath('issued', 'envoyée')).toBe('/factures?status=envoyee');
    expect(invoiceListPath('received', 'payée')).toBe('/factures/received?status=payee');
    expect(invoiceListPath('issued', 'annulée')).toBe('/factures?status=annulee');
  });

  it('adds the document type, alone or beside the status', () => {
    expect(invoiceListPath('issued', null, 'avoir')).toBe('/factures?type=avoir');
    expect(invoiceListPath('received', null, 'acompte')).toBe('/factures/received?type=acompte');
    expect(invoiceListPath('issued', 'payée', 'facture')).toBe('/factures?status=payee&type=facture');
  });
});

describe('parseBox', () => {
  it('opens Envoi unless the URL says Réception', () => {
    expect(parseBox(null)).toBe('issued');
    expect(parseBox('nimporte')).toBe('issued');
    expect(parseBox('reception')).toBe('received');
  });

  it('round-trips through the URL', () => {
    expect(parseBox(boxParamValue('received'))).toBe('received');
    expect(boxParamValue('issued')).toBeNull();
  });
});
