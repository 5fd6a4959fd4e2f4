import { type Client, frenchVatNumber, VAT_NUMBER_SIREN_MESSAGE } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import {
  businessIdentifiers,
  clientFormSchema,
  clientFormValues,
  clientVatNumberProblem,
  EMPTY_CLIENT_FORM,
  withAskedIdentifiers,
} from './client-form-values';

describe('businessIdentifiers', () => {
  it('asks a French business for its SIRET and VAT number', () => {
    expect(businessIdentifiers({ type: 'entreprise', adresse: { pays: 'FR' } })).toEqual({
      siret: true,
      tvaIntracommunautaire: true,
    });
  });

  it('asks an EU business for its VAT number only, a business elsewhere for neither', () => {
    expect(businessIdentifiers({ type: 'entreprise', adresse: { pays: 'BE' } })).toEqual({
      siret: false,
      tvaIntracommunautaire: true,
    });
    expect(businessIdentifiers({ type: 'entreprise', adresse: { pays: 'CH' } })).toEqual({
      siret: false,
      tvaIntracommunautaire: false,
    });
  });

  it('asks an individual for nothing', () => {
    expect(businessIdentifiers({ type: 'particulier', adresse: { pays: 'FR' } })).toEqual({
      siret: false,
      tvaIntracommunautaire: false,
    });
  });
});

describe('withAskedIdentifiers', () => {
  it('drops what was typed before switching to particulier or another country', () => {
    const typed = {
      ...EMPTY_CLIENT_FORM,
      type: 'entreprise' as const,
      siret: '123',
      tvaIntracommunautaire: 'BE0123456789',
    };
    expect(withAskedIdentifiers({ ...typed, type: 'particulier' as const })).toMatchObject({
      siret: null,
      tvaIntracommunautaire: null,
    });
    expect(withAskedIdentifiers({ ...typed, adresse: { ...typed.adresse, pays: 'BE' } })).toMatchObject({
      siret: null,
      tvaIntracommunautaire: 'BE0123456789',
    });
  });
});

describe('the form schema', () => {
  it('sends the country as its code and the VAT number normalised', () => {
    const parsed = clientFormSchema.parse(
      withAskedIdentifiers({
        ...EMPTY_CLIENT_FORM,
        type: 'entreprise',
        nom: 'Brouwerij',
        email: 'contact@brouwerij.be',
        tvaIntracommunautaire: 'be 0123.456.789',
        adresse: { rue: 'Korenmarkt 1', codePostal: '9000', ville: 'Gent', pays: 'BE' },
      }),
    );
    expect(parsed.adresse.pays).toBe('BE');
    expect(parsed.tvaIntracommunautaire).toBe('BE0123456789');
    expect(parsed.siret).toBeNull();
  });
});

describe('clientFormValues', () => {
  it('shows the stored client with its country code and type', () => {
    const client: Client = {
      _id: 'c1',
      nom: 'Berlin GmbH',
      email: 'info@berlin.de',
      telephone: '',
      siret: null,
      siren: null,
      type: 'entreprise',
      tvaIntracommunautaire: 'DE123456789',
      adresse: {
        rue: 'Unter den Linden 1',
        codePostal: '10117',
        ville: 'Berlin',
        pays: 'Allemagne',
        codePays: 'DE',
      },
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(clientFormValues(client)).toMatchObject({
      type: 'entreprise',
      siret: '',
      tvaIntracommunautaire: 'DE123456789',
      adresse: { pays: 'DE' },
    });
  });
});

describe('clientVatNumberProblem', () => {
  it('points out a VAT number of another country than the one chosen', () => {
    expect(
      clientVatNumberProblem({ tvaIntracommunautaire: 'DE123456789', adresse: { pays: 'BE' } }),
    ).toContain('Allemagne');
    expect(
      clientVatNumberProblem({ tvaIntracommunautaire: 'BE0123456789', adresse: { pays: 'BE' } }),
    ).toBeNull();
    expect(
      clientVatNumberProblem({ tvaIntracommunautaire: 'EL123456789', adresse: { pays: 'GR' } }),
    ).toBeNull();
    expect(clientVatNumberProblem({ tvaIntracommunautaire: '', adresse: { pays: 'BE' } })).toBeNull();
  });

  it('asks a French number to carry the SIREN given', () => {
    const siren = '732829320';
    const own = frenchVatNumber(siren);
    expect(
      clientVatNumberProblem({ tvaIntracommunautaire: own, siret: `${siren}00074`, adresse: { pays: 'FR' } }),
    ).toBeNull();
    expect(
      clientVatNumberProblem({
        tvaIntracommunautaire: 'FR40303265045',
        siret: siren,
        adresse: { pays: 'FR' },
      }),
    ).toBe(VAT_NUMBER_SIREN_MESSAGE);
  });
});
