import { describe, expect, it } from 'vitest';
import {
  boxParamValue,
  invoiceListPath,
  invoiceTotalsPath,
  parseBox,
  parseListStatusFilter,
} from './list-path';

describe('invoiceListPath', () => {
  it('asks for everything when no filter is chosen', () => {
    expect(invoiceListPath('issued')).toBe('/factures');
    expect(invoiceListPath('received')).toBe('/factures/received');
  });

  it('asks for a life filter by its code', () => {
    expect(invoiceListPath('issued', { filter: 'brouillon' })).toBe('/factures?status=brouillon');
    expect(invoiceListPath('issued', { filter: 'envoyee' })).toBe('/factures?status=envoyee');
    expect(invoiceListPath('received', { filter: 'payee' })).toBe('/factures/received?status=payee');
    expect(invoiceListPath('issued', { filter: 'contestee' })).toBe('/factures?status=contestee');
  });

  it('asks for the late invoices with ?status=en_retard (issue 17), read however it was typed', () => {
    expect(invoiceListPath('issued', { filter: 'en_retard' })).toBe('/factures?status=en_retard');
    expect(invoiceTotalsPath('received', { filter: 'en_retard', type: null, q: '' })).toBe(
      '/factures/received/totaux?status=en_retard',
    );
    expect(parseListStatusFilter('en_retard')).toBe('en_retard');
    expect(parseListStatusFilter('En retard')).toBe('en_retard');
    expect(parseListStatusFilter('payée')).toBe('payee');
    expect(parseListStatusFilter('partiellement-payée')).toBe('partiellement_payee');
    expect(parseListStatusFilter('retard')).toBeNull();
  });

  it('adds the document type, alone or beside the status', () => {
    expect(invoiceListPath('issued', { type: 'avoir' })).toBe('/factures?type=avoir');
    expect(invoiceListPath('received', { type: 'acompte' })).toBe('/factures/received?type=acompte');
    expect(invoiceListPath('issued', { filter: 'payee', type: 'facture' })).toBe(
      '/factures?status=payee&type=facture',
    );
  });

  it('sends the search trimmed and encoded, and no blank one', () => {
    expect(invoiceListPath('issued', { q: '  Atelier & Co 100% ' })).toBe(
      '/factures?q=Atelier+%26+Co+100%25',
    );
    expect(invoiceListPath('issued', { q: '   ' })).toBe('/factures');
  });

  it('asks for the next page with the cursor of the previous one', () => {
    expect(invoiceListPath('issued', { filter: 'payee', q: 'FAC' }, 'eyJrIjoxfQ')).toBe(
      '/factures?status=payee&q=FAC&cursor=eyJrIjoxfQ',
    );
  });
});

describe('invoiceTotalsPath', () => {
  it('asks the figures of the box under the same filters, never with a cursor', () => {
    expect(invoiceTotalsPath('issued', { filter: null, type: null, q: '' })).toBe('/factures/totaux');
    expect(invoiceTotalsPath('received', { filter: 'payee', type: 'avoir', q: 'Roux' })).toBe(
      '/factures/received/totaux?status=payee&type=avoir&q=Roux',
    );
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
