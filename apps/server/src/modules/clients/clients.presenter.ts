import { type Client, presentAddress, sirenOf } from '@facturo/shared';
import type { ClientRow } from '../../db/schema.js';

export function presentClient(row: ClientRow): Client {
  return {
    _id: row.id,
    nom: row.nom,
    email: row.email,
    telephone: row.telephone,
    siret: row.siret,
    siren: sirenOf(row.siret),
    type: row.type,
    tvaIntracommunautaire: row.tvaIntracommunautaire,
    // Read through parseCountry: rows written before issue 12 may still hold a country's name.
    adresse: presentAddress(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
