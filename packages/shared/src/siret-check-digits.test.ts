import { describe, expect, it } from 'vitest';
import { hasValidSirenKey, hasValidSiretKey, luhnKeyFor, passesLuhn } from './siret-check-digits.js';

describe('SIREN and SIRET check digits', () => {
  it('accepts real companies’ numbers', () => {
    // INSEE's own SIREN and the SIRET of its head office; Michelin's SIREN.
    expect(hasValidSirenKey('120027016')).toBe(true);
    expect(hasValidSiretKey('12002701600357')).toBe(true);
    expect(hasValidSirenKey('855200887')).toBe(true);
  });

  it('refuses a number with one digit mistyped or two swapped', () => {
    expect(hasValidSirenKey('120027017')).toBe(false);
    expect(hasValidSiretKey('12002701600358')).toBe(false);
    expect(hasValidSiretKey('21002701600357')).toBe(false);
  });

  it('checks La Poste’s establishments by the sum of their digits', () => {
    // 3+5+6 + 0+0+0+0+1 + 2 + 8 = 25: a multiple of 5, though it fails Luhn.
    expect(passesLuhn('35600000000128')).toBe(false);
    expect(hasValidSiretKey('35600000000128')).toBe(true);
    expect(hasValidSiretKey('35600000000129')).toBe(false);
    expect(hasValidSirenKey('356000000')).toBe(true);
  });

  it('accepts La Poste’s head office, whose SIRET passes Luhn but not the sum of its digits', () => {
    expect(hasValidSiretKey('35600000000048')).toBe(true);
  });

  it('refuses anything that is not all digits of the right length', () => {
    expect(hasValidSirenKey('12002701')).toBe(false);
    expect(hasValidSiretKey('1200270160035a')).toBe(false);
    expect(hasValidSiretKey('')).toBe(false);
  });

  it('computes the key that completes a number', () => {
    expect(luhnKeyFor('12002701')).toBe('6');
    expect(passesLuhn(`1234567890123${luhnKeyFor('1234567890123')}`)).toBe(true);
  });
});
