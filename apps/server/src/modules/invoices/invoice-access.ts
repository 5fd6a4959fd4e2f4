import { MESSAGES } from '@facturo/shared';
import type { InvoiceRow, UserRow } from '../../db/schema.js';
import type { DbOrTx, Tx } from '../../db/types.js';
import { AppError, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import type { ViewerRole } from './invoices.presenter.js';
import { findVisibleInvoice, type InvoiceRecord, lockInvoice } from './invoices.repo.js';

/** Who may see or act on an invoice: its issuer and its recipient; anyone else is told it does not exist. */

export const invoiceNotFound = () => notFound('Facture non trouvée');
/** A recipient reaching for the issuer's actions (edit, delete, send): said plainly, not as a status matter. */
export const notIssuer = () => new AppError(403, 'not_issuer', MESSAGES.notIssuer);

export async function visibleInvoice(
  db: DbOrTx,
  user: UserRow,
  id: string,
): Promise<{ record: InvoiceRecord; role: ViewerRole }> {
  const record = isUuid(id) ? await findVisibleInvoice(db, user.id, id) : undefined;
  if (!record) throw invoiceNotFound();
  return { record, role: record.invoice.issuerId === user.id ? 'emetteur' : 'destinataire' };
}

/** The invoice's row, locked for the rest of the transaction, with the user's side of it. */
export async function lockVisibleInvoice(
  tx: Tx,
  user: UserRow,
  id: string,
): Promise<{ invoice: InvoiceRow; role: ViewerRole }> {
  const invoice = isUuid(id) ? await lockInvoice(tx, id) : undefined;
  if (!invoice) throw invoiceNotFound();
  if (invoice.issuerId === user.id) return { invoice, role: 'emetteur' };
  if (invoice.recipientId === user.id) return { invoice, role: 'destinataire' };
  throw invoiceNotFound();
}

export async function lockAsIssuer(
  tx: Tx,
  user: UserRow,
  id: string,
  refusal: () => AppError = notIssuer,
): Promise<InvoiceRow> {
  const { invoice, role } = await lockVisibleInvoice(tx, user, id);
  if (role !== 'emetteur') throw refusal();
  return invoice;
}
