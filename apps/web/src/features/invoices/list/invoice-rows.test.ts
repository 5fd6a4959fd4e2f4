import { invoiceLabel, NO_OBJECT_LABEL } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { testClient, testIssuer } from '../test/fixtures';
import { amountBeforeTax, counterpartName } from './invoice-rows';

const client = testClient;
const emetteur = testIssuer;

describe('counterpartName', () => {
  it('names the client on issued invoices and the issuer on received ones', () => {
    expect(counterpartName({ role: 'emetteur', client, emetteur })).toBe('Atelier Lumière');
    expect(counterpartName({ role: 'destinataire', client, emetteur })).toBe('Camille Roux');
  });
});

describe('row label', () => {
  it('is the first line, else the object, else Sans objet', () => {
    expect(invoiceLabel({ lignes: [{ description: 'Logo' }], objet: 'Identité' })).toBe('Logo');
    expect(invoiceLabel({ lignes: [], objet: 'Identité' })).toBe('Identité');
    expect(invoiceLabel({ lignes: [], objet: '' })).toBe(NO_OBJECT_LABEL);
  });
});

describe('amountBeforeTax', () => {
  it('falls back from HT to TTC to 0', () => {
    expect(amountBeforeTax({ montantHT: 12.5, montantTTC: 15 })).toBe(12.5);
    expect(amountBeforeTax({ montantHT: null, montantTTC: 15 })).toBe(15);
    expect(amountBeforeTax({})).toBe(0);
  });
});
