import { describe, expect, it } from 'vitest';
import { clientKindLabel, filterClients } from './client-filters';

const alice = { nom: 'Alice', type: 'particulier', siret: null } as const;
const acme = { nom: 'Acme', type: 'entreprise', siret: '12345678900012' } as const;
const gmbh = { nom: 'Berlin GmbH', type: 'entreprise', siret: null } as const;
const bob = { nom: 'Bob', type: 'particulier', siret: null } as const;
const all = [alice, acme, gmbh, bob];

describe('filterClients', () => {
  it('keeps everybody, in order, under Tous', () => {
    expect(filterClients(all, 'tous')).toEqual(all);
  });

  it('keeps the businesses under Entreprises, a foreign one without SIRET included', () => {
    expect(filterClients(all, 'entreprises')).toEqual([acme, gmbh]);
  });

  it('keeps the individuals under Particuliers', () => {
    expect(filterClients(all, 'particuliers')).toEqual([alice, bob]);
  });

  it('returns a new array, never the one it was given', () => {
    expect(filterClients(all, 'tous')).not.toBe(all);
  });
});

describe('clientKindLabel', () => {
  it('names businesses and individuals by their type', () => {
    expect(clientKindLabel(acme)).toBe('Entreprise');
    expect(clientKindLabel(gmbh)).toBe('Entreprise');
    expect(clientKindLabel(alice)).toBe('Particulier');
  });
});
