import {
  frenchVatNumber,
  REGISTRATION_EXEMPT_TEXT,
  VAT_NUMBER_MESSAGE,
  VAT_NUMBER_REQUIRED_MESSAGE,
  VAT_NUMBER_SIREN_MESSAGE,
} from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { companyFormSchema, companyRequest, vatNumberProblem } from './company-values';

const SIRET = '732 829 320 00074';
const OWN_VAT = frenchVatNumber('732829320');

describe('vatNumberProblem', () => {
  it('asks for a number to leave the franchise, not under it', () => {
    expect(vatNumberProblem({ regimeTva: 'reel', tvaIntracommunautaire: ' ', siret: SIRET })).toBe(
      VAT_NUMBER_REQUIRED_MESSAGE,
    );
    expect(vatNumberProblem({ regimeTva: 'franchise', tvaIntracommunautaire: '', siret: SIRET })).toBeNull();
  });

  it('refuses an unknown format with the server sentence', () => {
    expect(vatNumberProblem({ regimeTva: 'reel', tvaIntracommunautaire: 'FR12', siret: SIRET })).toBe(
      VAT_NUMBER_MESSAGE,
    );
  });

  it('checks that a French number carries the SIREN of the SIRET', () => {
    expect(
      vatNumberProblem({ regimeTva: 'reel', tvaIntracommunautaire: 'FR40303265045', siret: SIRET }),
    ).toBe(VAT_NUMBER_SIREN_MESSAGE);
    expect(
      vatNumberProblem({ regimeTva: 'reel', tvaIntracommunautaire: OWN_VAT.toLowerCase(), siret: SIRET }),
    ).toBeNull();
  });

  it('accepts another member state by its format', () => {
    expect(
      vatNumberProblem({ regimeTva: 'reel', tvaIntracommunautaire: 'BE0123456789', siret: SIRET }),
    ).toBeNull();
  });
});

describe('companyRequest', () => {
  const parsed = companyFormSchema.parse({
    prenom: 'Camille',
    nom: 'Roux',
    adresse: '8 avenue Foch',
    codePostal: '13001',
    ville: 'Marseille',
    siret: SIRET,
    regimeTva: 'franchise',
    optionDebits: true,
    tvaIntracommunautaire: '',
    rcsRm: 'RCS Marseille 732 829 320',
    assureur: '',
    assuranceCouverture: '',
    dispenseImmatriculation: true,
  });

  it('sends the exemption as its text and drops the debit option under the franchise', () => {
    const request = companyRequest(parsed);
    expect(request.rcsRm).toBe(REGISTRATION_EXEMPT_TEXT);
    expect(request.optionDebits).toBe(false);
    expect(request.siret).toBe('73282932000074');
    expect(request).not.toHaveProperty('dispenseImmatriculation');
  });

  it('keeps the register and the option under the réel regime', () => {
    const request = companyRequest({ ...parsed, regimeTva: 'reel', dispenseImmatriculation: false });
    expect(request.rcsRm).toBe('RCS Marseille 732 829 320');
    expect(request.optionDebits).toBe(true);
  });
});
