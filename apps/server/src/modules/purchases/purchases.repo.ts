import { and, asc, between, eq, sql } from 'drizzle-orm';
import { type PurchaseRow, purchases } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** A purchase as listed: every column but the receipt's bytes, which only its own download reads. */
export type PurchaseEntry = Omit<PurchaseRow, 'receipt'> & { receiptSize: number | null };

export type PurchaseValues = Pick<
  PurchaseRow,
  'datePurchase' | 'supplier' | 'description' | 'amountTtcCents' | 'vatCents' | 'paymentMethod'
>;

const entryColumns = {
  id: purchases.id,
  userId: purchases.userId,
  datePurchase: purchases.datePurchase,
  supplier: purchases.supplier,
  description: purchases.description,
  amountTtcCents: purchases.amountTtcCents,
  vatCents: purchases.vatCents,
  paymentMethod: purchases.paymentMethod,
  receiptContentType: purchases.receiptContentType,
  receiptName: purchases.receiptName,
  receiptSize: sql<number | null>`octet_length(${purchases.receipt})`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  createdAt: purchases.createdAt,
  updatedAt: purchases.updatedAt,
};

/** Every ownership check is in the WHERE: another user's id finds nothing, as an unknown one. */
const owned = (userId: string, id: string) => and(eq(purchases.userId, userId), eq(purchases.id, id));

/** The user's purchases of [debut, fin] (days, both included), oldest first, then in the order typed. */
export function purchasesBetween(
  db: DbOrTx,
  userId: string,
  debut: string,
  fin: string,
): Promise<PurchaseEntry[]> {
  return db
    .select(entryColumns)
    .from(purchases)
    .where(and(eq(purchases.userId, userId), between(purchases.datePurchase, debut, fin)))
    .orderBy(asc(purchases.datePurchase), asc(purchases.createdAt), asc(purchases.id));
}

export async function findPurchase(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<PurchaseEntry | undefined> {
  const [row] = await db.select(entryColumns).from(purchases).where(owned(userId, id)).limit(1);
  return row;
}

export async function insertPurchase(
  db: DbOrTx,
  userId: string,
  values: PurchaseValues,
): Promise<PurchaseEntry> {
  const [row] = await db
    .insert(purchases)
    .values({ userId, ...values })
    .returning(entryColumns);
  if (!row) throw new Error('insert purchases: no row returned');
  return row;
}

export async function updatePurchase(
  db: DbOrTx,
  userId: string,
  id: string,
  values: PurchaseValues,
): Promise<PurchaseEntry | undefined> {
  const [row] = await db
    .update(purchases)
    .set({ ...values, updatedAt: sql`now()` })
    .where(owned(userId, id))
    .returning(entryColumns);
  return row;
}

export async function deletePurchase(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db.delete(purchases).where(owned(userId, id)).returning({ id: purchases.id });
  return rows.length > 0;
}

/** Attaches (or replaces) the receipt; undefined when the purchase is not the user's. */
export async function setReceipt(
  db: DbOrTx,
  userId: string,
  id: string,
  receipt: {
    bytes: Buffer;
    contentType: NonNullable<PurchaseRow['receiptContentType']>;
    name: string;
  } | null,
): Promise<PurchaseEntry | undefined> {
  const [row] = await db
    .update(purchases)
    .set({
      receipt: receipt?.bytes ?? null,
      receiptContentType: receipt?.contentType ?? null,
      receiptName: receipt?.name ?? null,
      updatedAt: sql`now()`,
    })
    .where(owned(userId, id))
    .returning(entryColumns);
  return row;
}

export async function findReceipt(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<Pick<PurchaseRow, 'receipt' | 'receiptContentType' | 'receiptName'> | undefined> {
  const [row] = await db
    .select({
      receipt: purchases.receipt,
      receiptContentType: purchases.receiptContentType,
      receiptName: purchases.receiptName,
    })
    .from(purchases)
    .where(owned(userId, id))
    .limit(1);
  return row;
}
