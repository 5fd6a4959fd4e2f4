import { eq } from 'drizzle-orm';
import { type InvoiceRow, users } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { findLogo } from '../users/logo/logo.repo.js';
import { type InvoiceDocument, invoiceDocument } from './document/invoice-document.js';

/**
 * The document of a stored invoice with its issuer's logo and colour. Those are read as they are at
 * rendering time, not snapshotted with the invoice: they are presentation, not legal content, and a
 * new logo is expected on every copy printed from then on (an invoice already sent keeps the PDF the
 * client received). What the law needs on the invoice (names, SIRET, amounts, IBAN) comes from the
 * snapshots taken when it was written.
 */
export async function brandedDocument(db: DbOrTx, invoice: InvoiceRow): Promise<InvoiceDocument> {
  return withBranding(db, invoice.issuerId, invoiceDocument(invoice));
}

/** Any document (an invoice's, a quote's) with its issuer's current logo and colour. */
export async function withBranding(
  db: DbOrTx,
  issuerId: string,
  doc: InvoiceDocument,
): Promise<InvoiceDocument> {
  const [issuer] = await db
    .select({ accentColor: users.couleurAccent })
    .from(users)
    .where(eq(users.id, issuerId))
    .limit(1);
  const logo = await findLogo(db, issuerId);
  return {
    ...doc,
    ...(issuer ? { accentColor: issuer.accentColor } : {}),
    ...(logo ? { logo: { data: logo.bytes, width: logo.width, height: logo.height } } : {}),
  };
}
