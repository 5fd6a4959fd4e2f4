import type { ClientType } from '@facturo/shared';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type ClientRow, clients, invoices } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { instantKey } from '../../lib/keyset-page.js';
import { containsFolded, containsPattern } from '../../lib/text-search.js';
import { naturalSortKey } from './client-sort.js';

export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

export async function listClients(db: DbOrTx, ownerId: string): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(eq(clients.ownerId, ownerId))
    .orderBy(sortName, clients.createdAt, clients.id);
}

/** Which clients a page of the directory holds (issue 16). */
export interface ClientListFilters {
  ownerId: string;
  type?: ClientType;
  /** Searched in the name, e-mail, SIRET (spaces left out) and city. */
  q?: string;
}

/** The directory's order: the name's natural key (client-sort.ts), creation, id. */
export type ClientSortKey = readonly [string, string, string];

const sortName = naturalSortKey(clients.nom);

function clientConditions({ ownerId, type, q }: ClientListFilters): SQL | undefined {
  const search = (text: string) =>
    or(
      containsFolded(clients.nom, text),
      containsFolded(clients.email, text),
      containsFolded(clients.ville, text),
      // A SIRET is stored without spaces, and often typed with them.
      ilike(clients.siret, containsPattern(text.replace(/\s+/g, ''))),
    );
  return and(
    eq(clients.ownerId, ownerId),
    type ? eq(clients.type, type) : undefined,
    q ? search(q) : undefined,
  );
}

/** One page of the directory, `limit` rows after `after`, each with its sort key as SQL wrote it. */
export async function clientPage(
  db: DbOrTx,
  filters: ClientListFilters,
  after: ClientSortKey | null,
  limit: number,
): Promise<{ client: ClientRow; key: ClientSortKey }[]> {
  const rows = await db
    .select({ client: clients, name: sortName, instant: instantKey(clients.createdAt).mapWith(String) })
    .from(clients)
    .where(
      and(
        clientConditions(filters),
        after
          ? sql`(${sortName}, ${clients.createdAt}, ${clients.id}) > (${after[0]}, ${after[1]}::timestamptz, ${after[2]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(sortName, asc(clients.createdAt), asc(clients.id))
    .limit(limit);
  return rows.map(({ client, name, instant }) => ({ client, key: [name, instant, client.id] as const }));
}

export async function countClients(db: DbOrTx, filters: ClientListFilters): Promise<number> {
  const [row] = await db.select({ n: count() }).from(clients).where(clientConditions(filters));
  return row?.n ?? 0;
}

export async function findClient(db: DbOrTx, ownerId: string, id: string): Promise<ClientRow | undefined> {
  const [row] = await db
    .select()
    .from(clients)
    .where(and(eq(clients.ownerId, ownerId), eq(clients.id, id)))
    .limit(1);
  return row;
}

/** Undefined when the owner already has a client with this e-mail. */
export async function insertClient(
  db: DbOrTx,
  ownerId: string,
  values: ClientValues,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .insert(clients)
    .values({ ...values, ownerId })
    .onConflictDoNothing({ target: [clients.ownerId, clients.email] })
    .returning();
  return row;
}

export async function updateClient(
  db: DbOrTx,
  ownerId: string,
  id: string,
  values: ClientValues,
): Promise<ClientRow | undefined> {
  const [row] = await db
    .update(clients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(clients.ownerId, ownerId), eq(clients.id, id)))
    .returning();
  return row;
}

export async function deleteClient(db: DbOrTx, ownerId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(clients)
    .where(and(eq(clients.ownerId, ownerId), eq(clients.id, id)))
    .returning({ id: clients.id });
  return rows.length === 1;
}

/** Whether any invoice names this client (they keep it: deleting it is refused). */
export async function hasInvoices(db: DbOrTx, ownerId: string, clientId: string): Promise<boolean> {
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.issuerId, ownerId), eq(invoices.clientId, clientId)))
    .limit(1);
  return rows.length > 0;
}
