import path from 'node:path';

/** Shared by the config, the server launcher and the specs (which read the outbox). */
/** Overridable so that two runs (say, CI on a fresh clone beside a developer's) never share a port nor a data directory. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_DATA_DIR = path.resolve(
  import.meta.dirname,
  '..',
  '..',
  '.tmp',
  process.env.E2E_PORT ? `e2e-data-${E2E_PORT}` : 'e2e-data',
);
export const E2E_OUTBOX = path.join(E2E_DATA_DIR, 'outbox');
export const E2E_ADMIN_EMAIL = 'admin@facturo.test';

/** Accounts the launcher seeds before the server starts, for journeys that need them as they are. */
export const SEEDED_PASSWORD = 'Seed!Passe2026';
export const SEEDED = {
  particulier: { email: 'particulier@facturo.test', prenom: 'Paul', nom: 'Client' },
  /** Becomes professionnel during legal-mentions.spec.ts: no other journey may rely on its role. */
  particulierPro: { email: 'futur-pro@facturo.test', prenom: 'Nina', nom: 'Futur' },
  admin: { email: E2E_ADMIN_EMAIL, prenom: 'Ada', nom: 'Admin' },
  /** A professional on the free plan (new accounts start on the unlimited trial); subscription.spec.ts upgrades it. */
  gratuit: { email: 'gratuit@facturo.test', prenom: 'Gaspard', nom: 'Gratuit' },
  /** Another free-plan professional, who fills the client quota in subscription.spec.ts. */
  gratuitClients: { email: 'gratuit-clients@facturo.test', prenom: 'Gilles', nom: 'Gratuit' },
  /**
   * Strangers failed on it from everywhere until unknown devices were refused (the state its API tests
   * reach through fifty failures and their delays, which take real minutes here): login-throttle.spec.ts.
   */
  attacked: { email: 'attaque@facturo.test', prenom: 'Armelle', nom: 'Attaquée' },
  /** Two accounts that shared a SIRET before one company had one account (siret-duplicates.spec.ts). */
  siretHolder: { email: 'siret-titulaire@facturo.test', prenom: 'Théo', nom: 'Titulaire' },
  siretDuplicate: { email: 'siret-doublon@facturo.test', prenom: 'Diane', nom: 'Doublon' },
  /**
   * Accounts the older flow created without a password, before any consent (nothing creates one now: a new
   * address gets a signed link): each receives a document on Facturo, whose e-mail renews its invitation
   * (invitation.spec.ts, one per journey).
   */
  invitedByInvoice: { email: 'invite-facture@facturo.test', prenom: '', nom: 'Invité' },
  invitedByQuote: { email: 'invite-devis@facturo.test', prenom: '', nom: 'Invitée' },
} as const;
/** The SIRET both hold: the older keeps it, the other is flagged as the migration flags them. */
export const SEEDED_SHARED_SIRET = '41816609600069';
