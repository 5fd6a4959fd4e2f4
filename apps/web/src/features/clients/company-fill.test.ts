import type { Company } from '@facturo/shared';
import { describe, expect, it } from 'vitest';
import { clientFormSchema, EMPTY_CLIENT_FORM } from './client-form-values';
import { companyFormValues, companyOptionDetail } from './company-fill';

const LA_POSTE: Company = {
  nom: 'LA POSTE',
  siren: '356000000',
  siret: '35600000000048',
  adresse: '9 RUE DU COLONEL PIERRE AVIA',
  codePostal: '75015',
  ville: 'PARIS',
  numeroTva: 'FR39356000000',
  activite: '53.10Z',
};

describe('companyFormValues', () => {
  it('fills a French business from the company, keeping the e-mail and telephone typed', () => {
    const typed = { ...EMPTY_CLIENT_FORM, email: 'compta@laposte.fr', telephone: '01 02 03 04 05' };
    const values = companyFormValues(typed, LA_POSTE);
    expect(values).toEqual({
      type: 'entreprise',
      nom: 'LA POSTE',
      email: 'compta@laposte.fr',
      telephone: '01 02 03 04 05',
      siret: '356 000 000 00048',
      tvaIntracommunautaire: 'FR39356000000',
      adresse: { rue: '9 RUE DU COLONEL PIERRE AVIA', codePostal: '75015', ville: 'PARIS', pays: 'FR' },
    });
    // What the form then sends passes the shared rules (the VAT number carries the SIREN).
    expect(clientFormSchema.safeParse(values).success).toBe(true);
  });

  it('takes the SIREN when the directory gives no head office SIRET', () => {
    expect(companyFormValues(EMPTY_CLIENT_FORM, { ...LA_POSTE, siret: null }).siret).toBe('356 000 000');
  });
});

describe('companyOptionDetail', () => {
  it('tells namesakes apart by SIREN and place', () => {
    expect(companyOptionDetail(LA_POSTE)).toBe('SIREN 356000000 · 75015 PARIS');
    expect(companyOptionDetail({ ...LA_POSTE, codePostal: '', ville: '' })).toBe('SIREN 356000000');
  });
});
