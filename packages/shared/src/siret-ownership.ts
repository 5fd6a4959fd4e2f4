import { z } from 'zod';

/**
 * One company, one account (DESIGN §5): an open account holds its SIRET alone, so e-invoicing flows and
 * statuses for that SIRET reach one account. Accounts that shared one before the rule are flagged
 * `siret_duplicate` until an admin gives the SIRET back.
 */

/** 409 `siret_taken`: registering, or saving a SIRET, that another open account holds. */
export function siretTakenMessage(supportEmail: string): string {
  return `Ce SIRET est déjà celui d’un compte Facturo. Si c’est le vôtre, connectez-vous ou réinitialisez votre mot de passe ; sinon, écrivez au support (${supportEmail}).`;
}

/** What the owner of a flagged account reads on « Facturation électronique ». */
export const SIRET_DUPLICATE_ALERT =
  'Votre SIRET est aussi celui d’un autre compte Facturo, qui le détenait avant vous : les factures et statuts reçus de la plateforme pour ce SIRET vont à cet autre compte tant que la situation n’est pas réglée. Si ce SIRET est bien le vôtre, écrivez au support.';

export const SIRET_DUPLICATE_MESSAGES = {
  notFlagged: 'Ce compte n’a pas (ou plus) de SIRET en double.',
  stillHeld:
    'Ce SIRET est encore celui d’un compte ouvert : fermez ce compte ou faites changer son SIRET avant de le rendre.',
  loadFailed: 'Erreur lors du chargement des comptes au SIRET en double.',
  restoreFailed: 'Erreur : le SIRET n’a pas été rendu.',
} as const;

const accountSummarySchema = z.object({
  _id: z.string(),
  nom: z.string(),
  prenom: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type SiretAccountSummary = z.infer<typeof accountSummarySchema>;

/** A row of GET /admin/siret-duplicates: a flagged account and the open account that holds its SIRET. */
export const siretDuplicateSchema = z.object({
  siret: z.string(),
  compte: accountSummarySchema,
  /** The open, unflagged account holding the SIRET; null once it is closed or changed SIRET. */
  titulaire: accountSummarySchema.nullable(),
});
export type SiretDuplicate = z.infer<typeof siretDuplicateSchema>;
export const siretDuplicatesSchema = z.array(siretDuplicateSchema);
