import type { QuoteRow } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';
import { withBranding } from '../issuer-branding.js';
import { quoteDocument } from './invoice-document.js';
import { renderInvoicePdf } from './pdf-pool.js';

/**
 * A quote's PDF (issue 15): titled DEVIS, with its validity date and a « Bon pour accord » box (date and
 * signature); a plain PDF, never a Factur-X invoice. Rendered off the event loop like invoices, by the same
 * layout code, with the issuer's current logo and colour.
 */
export async function renderQuotePdf(db: DbOrTx, quote: QuoteRow): Promise<Buffer> {
  return renderInvoicePdf(await withBranding(db, quote.issuerId, quoteDocument(quote)));
}
