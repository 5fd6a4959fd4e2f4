import type { AdminUser, AuditEntry } from '@facturo/shared';
import type { AdminAuditRow, UserRow } from '../../db/schema.js';

/** A row of the admin's user table (SPEC §3 fields and the last login): never a hash, a token or a secret. */
export function presentAdminUser(row: UserRow, factureCount: number): AdminUser {
  return {
    _id: row.id,
    nom: row.nom,
    prenom: row.prenom,
    email: row.email,
    role: row.role,
    siret: row.siret,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isBanned: row.isBanned,
    emailVerified: row.emailVerifiedAt !== null,
    isAdmin: row.isAdmin,
    planActuel: row.plan,
    factureCount,
    subscriptionActive: row.plan === 'premium' || row.plan === 'business',
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function presentAuditEntry(row: AdminAuditRow): AuditEntry {
  return {
    _id: row.id,
    action: row.action,
    adminEmail: row.adminEmail,
    targetEmail: row.targetEmail,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
