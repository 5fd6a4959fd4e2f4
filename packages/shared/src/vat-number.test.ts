import { describe, expect, it } from 'vitest';
import {
  frenchVatNumber,
  isValidVatNumber,
  normalizeVatNumber,
  vatNumberMatchesSiren,
} from './vat-number.js';

describe('VAT numbers', () => {
  it('computes and checks the French key from the SIREN', () => {
    expect(frenchVatNumber('303265045')).toBe('FR40303265045');
    expect(frenchVatNumber('732829320')).toBe('FR44732829320');
    expect(isValidVatNumber('FR 40 303 265 045')).toBe(true);
    expect(isValidVatNumber('FR41303265045')).toBe(false);
    expect(vatNumberMatchesSiren('FR40303265045', '303265045')).toBe(true);
    expect(vatNumberMatchesSiren('FR40303265045', '303265046')).toBe(false);
  });

  it('checks other member states by their format', () => {
    expect(isValidVatNumber('BE0123456749')).toBe(true);
    expect(isValidVatNumber('DE123456789')).toBe(true);
    expect(isValidVatNumber('DE12345678')).toBe(false);
    expect(isValidVatNumber('NL123456789B01')).toBe(true);
    expect(isValidVatNumber('US123456789')).toBe(false);
    expect(normalizeVatNumber('be 0123.456.749')).toBe('BE0123456749');
  });
});
