import { describe, expect, it } from 'vitest';
import { clientAddressLine } from './client-address';

describe('clientAddressLine', () => {
  it('joins street, postal code and city, country with commas', () => {
    expect(
      clientAddressLine({ rue: '3 rue Neuve', codePostal: '69001', ville: 'Lyon', pays: 'France' }),
    ).toBe('3 rue Neuve, 69001 Lyon, France');
  });

  it('says nothing when only the country is known', () => {
    expect(clientAddressLine({ rue: '', codePostal: '', ville: '', pays: 'France' })).toBeNull();
  });

  it('names a foreign country even without the rest', () => {
    expect(clientAddressLine({ rue: '', codePostal: '', ville: '', pays: 'Allemagne' })).toBe('Allemagne');
  });

  it('keeps a partial address, with the French name of a foreign country', () => {
    expect(clientAddressLine({ rue: '', codePostal: '', ville: 'Gand', pays: 'Belgique' })).toBe(
      'Gand, Belgique',
    );
  });
});
