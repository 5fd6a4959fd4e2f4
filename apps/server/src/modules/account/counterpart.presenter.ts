import { COUNTERPART_STATES, type Counterpart, type CounterpartState } from '@facturo/shared';
import { type SQL, sql } from 'drizzle-orm';

/** The state of both parties' accounts of a document, as read with it (counterpartStateSql). */
export interface DocumentParties {
  issuer: CounterpartState;
  recipient: CounterpartState;
}

/**
 * The SQL twin of shared counterpartState() for a users row reached as `account` (possibly by a left
 * join that found nobody: no account reads `actif`, the document goes by e-mail as before).
 */
export const counterpartStateSql = (account: SQL): SQL =>
  sql`case when ${account}.deleted_at is not null then 'cloture' when ${account}.is_banned then 'suspendu' else 'actif' end`;

/** The same state, for an account known only by its id (a subquery: one index lookup). */
export const counterpartStateOfIdSql = (userId: SQL): SQL =>
  sql`coalesce((select ${counterpartStateSql(sql`cp`)} from users cp where cp.id = ${userId}), 'actif')`;

export function readCounterpartState(value: unknown): CounterpartState {
  return (COUNTERPART_STATES as readonly unknown[]).includes(value) ? (value as CounterpartState) : 'actif';
}

/** What the reader is shown: the other party's state (an issuer sees the recipient's, and back). */
export function counterpartFor(
  parties: DocumentParties | undefined,
  role: 'emetteur' | 'destinataire',
): Counterpart {
  if (!parties) return { etat: 'actif' };
  return { etat: role === 'emetteur' ? parties.recipient : parties.issuer };
}
