/**
 * Postal addresses for the journeys: an invoice needs the issuer's and the client's (issue 12), so every
 * account and client the journeys invoice gets one unless a journey is about the missing address.
 */
export const ISSUER_ADDRESS = { adresse: '12 rue des Lilas', codePostal: '75011', ville: 'Paris' } as const;

export const CLIENT_ADDRESS = {
  rue: '3 quai Saint-Vincent',
  codePostal: '69001',
  ville: 'Lyon',
  pays: 'FR',
} as const;
