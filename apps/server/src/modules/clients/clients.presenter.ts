import type { Client } from '@facturo/shared';
import type { ClientRow } from '../../db/schema.js';

export function presentClient(row: ClientRow): Client {
  return {
    _id: row.id,
    nom: row.nom,
    email: row.email,
    telephone: row.telephone,
    siret: row.siret,
    adresse: { rue: row.rue, codePostal: row.codePostal, ville: row.ville, pays: row.pays },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
