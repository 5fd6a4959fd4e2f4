import type { Invoice } from '@facturo/shared';

/* Parties of an invoice as the API shows them, for the web's unit tests. */

export const testClient: Invoice['client'] = {
  _id: 'c1',
  nom: 'Atelier Lumière',
  email: 'contact@lumiere.fr',
  telephone: '',
  siret: null,
  siren: null,
  type: 'particulier',
  tvaIntracommunautaire: null,
  adresse: { rue: '', codePostal: '', ville: '', pays: 'France', codePays: 'FR' },
};

export const testIssuer: Invoice['emetteur'] = {
  _id: 'u1',
  nom: 'Roux',
  prenom: 'Camille',
  email: 'camille@exemple.fr',
  adresse: '',
  codePostal: '',
  ville: '',
  siret: '12345678200036',
  regimeTva: 'franchise',
  optionDebits: false,
  tvaIntracommunautaire: '',
  rcsRm: '',
  assureur: '',
  assuranceCouverture: '',
  iban: '',
  bic: '',
};
