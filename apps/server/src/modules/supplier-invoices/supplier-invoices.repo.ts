import type { SupplierInvoiceStatus } from '@facturo/shared';
import { and, desc, eq, getTableColumns } from 'drizzle-orm';
import { type SupplierInvoiceRow, supplierInvoices } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/types.js';

/** A received invoice as listed and shown: every column but the original's bytes (its own download). */
export type SupplierInvoiceEntry = Omit<SupplierInvoiceRow, 'original'>;

const { original: _original, ...entryColumns } = getTableColumns(supplierInvoices);

/** Every ownership check is in the WHERE: another user's id finds nothing, as an unknown one. */
const owned = (userId: string, id: string) =>
  and(eq(supplierInvoices.userId, userId), eq(supplierInvoices.id, id));

export function listSupplierInvoices(
  db: DbOrTx,
  userId: string,
  status: SupplierInvoiceStatus | undefined,
): Promise<SupplierInvoiceEntry[]> {
  return db
    .select(entryColumns)
    .from(supplierInvoices)
    .where(
      and(
        eq(supplierInvoices.userId, userId),
        status === undefined ? undefined : eq(supplierInvoices.status, status),
      ),
    )
    .orderBy(desc(supplierInvoices.createdAt), desc(supplierInvoices.id))
    .limit(500);
}

export async function findSupplierInvoice(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<SupplierInvoiceEntry | undefined> {
  const [row] = await db.select(entryColumns).from(supplierInvoices).where(owned(userId, id));
  return row;
}

/** The row locked for a status change: two clicks (or a click and a platform status) do not interleave. */
export async function lockSupplierInvoice(
  tx: Tx,
  userId: string,
  id: string,
): Promise<SupplierInvoiceEntry | undefined> {
  const [row] = await tx.select(entryColumns).from(supplierInvoices).where(owned(userId, id)).for('update');
  return row;
}

export async function findOriginal(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<
  Pick<SupplierInvoiceRow, 'original' | 'originalSha256' | 'originalFormat' | 'fileName'> | undefined
> {
  const [row] = await db
    .select({
      original: supplierInvoices.original,
      originalSha256: supplierInvoices.originalSha256,
      originalFormat: supplierInvoices.originalFormat,
      fileName: supplierInvoices.fileName,
    })
    .from(supplierInvoices)
    .where(owned(userId, id));
  return row;
}

export async function updateSupplierInvoice(
  tx: Tx,
  userId: string,
  id: string,
  values: Partial<
    Pick<
      SupplierInvoiceRow,
      'status' | 'refusalCode' | 'refusalReason' | 'paidOn' | 'purchaseId' | 'updatedAt'
    >
  >,
): Promise<void> {
  await tx.update(supplierInvoices).set(values).where(owned(userId, id));
}
