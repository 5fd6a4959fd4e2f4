import { and, eq, sql } from 'drizzle-orm';
import { type ClientRow, clients, invoices } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

export type ClientValues = Omit<typeof clients.$inferInsert, 'id' | 'ownerId' | 'createdAt' | 'updatedAt'>;

export async function listClients(db: DbOrTx, ownerId: string): Promise<ClientRow[]> {
  return db
    .select()
    .from(clients)
    .where(eq(clients.ownerId, ownerId))
    .orderBy(sql`lower(${clients.nom})`, clients.createdAt);
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
