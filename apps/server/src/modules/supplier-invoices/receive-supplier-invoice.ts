import type { SupplierInvoiceRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';

export interface IncomingSupplierInvoice {
  userId: string;
  content: Buffer;
  fileName: string;
  source: SupplierInvoiceRow['source'];
  /** The platform's flow id (source plateforme). */
  flowId?: string;
  at: Date;
}

/**
 * Puts a received invoice in the user's « Factures fournisseurs » inbox, in the caller's transaction:
 * parsed, its original kept byte for byte with its SHA-256, announced live. A duplicate (same seller and
 * number) is not stored twice: `duplicate` is then the row already there.
 * CONTRACT PLACEHOLDER: the inbox lane writes it and keeps this signature.
 */
export async function receiveSupplierInvoice(
  _tx: Tx,
  _incoming: IncomingSupplierInvoice,
): Promise<{ invoice: SupplierInvoiceRow; duplicate: boolean }> {
  throw new Error('receiveSupplierInvoice: not written yet');
}
