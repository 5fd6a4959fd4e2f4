import type { User } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';

/** The API's view of a user (SPEC §3): French field names, `_id`, never the password hash. */
export function presentUser(row: UserRow, factureCount = 0): User {
  return {
    _id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    role: row.role,
    siret: row.siret,
    adresse: row.adresse,
    codePostal: row.codePostal,
    ville: row.ville,
    regimeTva: row.regimeTva,
    optionDebits: row.optionDebits,
    tvaIntracommunautaire: row.tvaIntracommunautaire,
    rcsRm: row.rcsRm,
    assureur: row.assureur,
    assuranceCouverture: row.assuranceCouverture,
    // Payment details and branding are stored by the branding work (issue 12); until it lands, the
    // values of a profile that has none.
    iban: '',
    bic: '',
    couleurAccent: '#3730A3',
    aUnLogo: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isBanned: row.isBanned,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin,
    planActuel: row.plan,
    factureCount,
    // Nothing is stored but rows yet (no uploads): the space used is counted when logos arrive.
    espaceMo: 0,
    subscriptionActive: row.plan === 'premium' || row.plan === 'business',
  };
}
