import type { User } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';

const BYTES_PER_MO = 1024 * 1024;

/** The API's view of a user (SPEC §3): French field names, `_id`, never the password hash. */
export function presentUser(
  row: UserRow,
  { factureCount = 0, logoBytes = null }: { factureCount?: number; logoBytes?: number | null } = {},
): User {
  return {
    _id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    // A closed account's archive shows the address it signs in with, not its placeholder.
    email: row.archiveEmail ?? row.email,
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
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isBanned: row.isBanned,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin,
    planActuel: row.plan,
    factureCount,
    // The logo is the only upload a user stores; everything else is rows.
    espaceMo: logoBytes === null ? 0 : Math.round((logoBytes / BYTES_PER_MO) * 100) / 100,
    subscriptionActive: row.plan === 'premium' || row.plan === 'business',
    iban: row.iban,
    bic: row.bic,
    couleurAccent: row.couleurAccent,
    aUnLogo: logoBytes !== null,
    notifierMessagesParEmail: row.notifyMessagesByEmail,
    siretEnDouble: row.siretDuplicate,
    consultationSeuleJusquAu: row.deletedAt ? row.retentionUntil : null,
  };
}
