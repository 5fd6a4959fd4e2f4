import type { Client, ClientInput } from '@facturo/shared';
import type { ClientFixFields, DraftClient } from './draft';

/** A French business is invoiced with its SIREN (CGI art. 242 nonies A): the server refuses it without. */
export function clientNeedsSiren(client: DraftClient): boolean {
  return (
    client.type === 'entreprise' &&
    client.adresse.codePays === 'FR' &&
    !client.siret &&
    !client.siren &&
    !client.tvaIntracommunautaire
  );
}

/**
 * The body of PUT /clients/{id} that completes a client from step 2: the whole record as it is (the
 * route replaces it), with the street, postal code, city and SIREN typed in the wizard.
 */
export function clientCompletionBody(client: DraftClient, fix: ClientFixFields): ClientInput {
  const siren = fix.siren.trim();
  return {
    nom: client.nom,
    email: client.email,
    telephone: client.telephone,
    siret: client.siret ?? client.siren ?? (siren === '' ? null : siren),
    type: client.type,
    tvaIntracommunautaire: client.tvaIntracommunautaire,
    adresse: {
      rue: fix.rue.trim(),
      codePostal: fix.codePostal.trim(),
      ville: fix.ville.trim(),
      pays: client.adresse.codePays || client.adresse.pays,
    },
  };
}

/** The directory's client as the invoice carries it (its dates are the directory's business). */
export function asDraftClient({ createdAt: _created, updatedAt: _updated, ...client }: Client): DraftClient {
  return client;
}
