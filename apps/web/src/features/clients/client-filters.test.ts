import { describe, expect, it } from 'vitest';
import { CLIENT_FILTERS, clientKindLabel, clientTypeOf } from './client-filters';

const alice = { nom: 'Alice', type: 'particulier', siret: null } as const;
const acme = { nom: 'Acme', type: 'entreprise', siret: '12345678200010' } as const;
const gmbh = { nom: 'Berlin GmbH', type: 'entreprise', siret: null } as const;

describe('clientTypeOf', () => {
  it('asks the server for one type per chip, none under Tous', () => {
    expect(CLIENT_FILTERS.map(clientTypeOf)).toEqual([null, 'particulier', 'entreprise']);
  });
});

describe('clientKindLabel', () => {
  it('names businesses and individuals by their type', () => {
    expect(clientKindLabel(acme)).toBe('Entreprise');
    expect(clientKindLabel(gmbh)).toBe('Entreprise');
    expect(clientKindLabel(alice)).toBe('Particulier');
  });
});
