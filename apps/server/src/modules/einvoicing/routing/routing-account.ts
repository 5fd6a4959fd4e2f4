import { and, asc, eq, isNull, like, type SQL } from 'drizzle-orm';
import { users } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';

/**
 * One company, one account: the accounts an e-invoicing flow may reach. A closed account receives
 * nothing, and neither does one flagged `siret_duplicate` (another open account kept that SIRET) until the
 * admin resolves it.
 */
const ROUTABLE: SQL = and(
  eq(users.role, 'professionnel'),
  isNull(users.deletedAt),
  eq(users.siretDuplicate, false),
) as SQL;

export interface RoutedAccount {
  id: string;
  siret: string;
  nom: string;
  prenom: string;
}

/** A routing address as a directory knows it: an establishment's SIRET, or a company's SIREN. */
export type RoutingAddress = { siret: string } | { siren: string };

/**
 * The one account a routing address reaches: the open, unflagged account holding that SIRET; a SIREN
 * alone reaches its only such account, and nobody when it has several establishments on Facturo (a
 * platform never guesses which one is meant).
 */
export async function accountOfAddress(db: DbOrTx, address: RoutingAddress): Promise<RoutedAccount | null> {
  const which =
    'siret' in address
      ? /^\d{14}$/.test(address.siret)
        ? eq(users.siret, address.siret)
        : null
      : /^\d{9}$/.test(address.siren)
        ? like(users.siret, `${address.siren}%`)
        : null;
  if (!which) return null;
  const rows = await db
    .select({ id: users.id, siret: users.siret, nom: users.nom, prenom: users.prenom })
    .from(users)
    .where(and(ROUTABLE, which))
    .orderBy(asc(users.createdAt))
    .limit(2);
  const [only] = rows;
  if (!only?.siret || rows.length > 1) return null;
  return { id: only.id, siret: only.siret, nom: only.nom, prenom: only.prenom };
}

/** The SIRET through which an account receives platform flows, or null when it receives none. */
export async function routingSiretOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ siret: users.siret })
    .from(users)
    .where(and(ROUTABLE, eq(users.id, userId)));
  return row?.siret ?? null;
}
