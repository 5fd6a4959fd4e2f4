import { describe, expect, it } from 'vitest';
import { clientKindLabel, filterClients } from './client-filters';

const alice = { nom: 'Alice', siret: null };
const acme = { nom: 'Acme', siret: '12345678900012' };
const blank = { nom: 'Sans SIRET', siret: '' };
const siren = { nom: 'Bolt', siret: '123456789' };
const all = [alice, acme, blank, siren];

describe('filterClients', () => {
  it('keeps everybody, in order, under Tous', () => {
    expect(filterClients(all, 'tous')).toEqual(all);
  });

  it('keeps the clients with a SIRET or SIREN under Entreprises', () => {
    expect(filterClients(all, 'entreprises')).toEqual([acme, siren]);
  });

  it('keeps the others, an empty SIRET included, under Particuliers', () => {
    expect(filterClients(all, 'particuliers')).toEqual([alice, blank]);
  });

  it('returns a new array, never the one it was given', () => {
    expect(filterClients(all, 'tous')).not.toBe(all);
  });
});

describe('clientKindLabel', () => {
  it('names businesses and individuals', () => {
    expect(clientKindLabel(acme)).toBe('Entreprise');
    expect(clientKindLabel(alice)).toBe('Particulier');
  });
});
