import type { ClientRow, UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { findClient } from './clients.repo.js';

/** The client a document is written for: the issuer's own, else a 404 (another's client does not exist for them). */
export async function ownedClient(db: DbOrTx, user: UserRow, clientId: string): Promise<ClientRow> {
  const client = isUuid(clientId) ? await findClient(db, user.id, clientId) : undefined;
  if (!client) throw notFound('Client introuvable.');
  return client;
}
