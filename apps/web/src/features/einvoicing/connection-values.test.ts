import { describe, expect, it } from 'vitest';
import { connectionInput } from './connection-values';

const afnor = {
  plateforme: 'afnor' as const,
  urlApi: ' https://pa.example/flow ',
  urlAnnuaire: 'https://pa.example/directory ',
  urlJeton: 'https://pa.example/token',
  identifiantClient: 'client',
  secretClient: '',
  authentificationClient: 'basic' as const,
};

describe('connectionInput', () => {
  it('sends only the choice for the test platform', () => {
    expect(connectionInput({ ...afnor, plateforme: 'test' })).toEqual({ input: { plateforme: 'test' } });
  });

  it('trims the addresses and leaves a blank secret out (the saved one is kept)', () => {
    expect(connectionInput(afnor)).toEqual({
      input: {
        plateforme: 'afnor',
        urlApi: 'https://pa.example/flow',
        urlAnnuaire: 'https://pa.example/directory',
        urlJeton: 'https://pa.example/token',
        identifiantClient: 'client',
        authentificationClient: 'basic',
      },
    });
  });

  it('tells which field is wrong, in French', () => {
    const result = connectionInput({
      ...afnor,
      urlApi: 'pas une adresse',
      urlAnnuaire: '',
      identifiantClient: ' ',
    });
    expect(result).toEqual({
      errors: {
        urlApi: 'Adresse invalide.',
        urlAnnuaire: 'Adresse invalide.',
        identifiantClient: 'Identifiant client requis.',
      },
    });
  });
});
