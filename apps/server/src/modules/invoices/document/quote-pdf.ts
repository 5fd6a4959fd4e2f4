import type { QuoteRow } from '../../../db/schema.js';
import type { DbOrTx } from '../../../db/types.js';

/**
 * A quote's PDF (issue 15): titled DEVIS, with its validity date and a « Bon pour accord » box (date and
 * signature); a plain PDF, never a Factur-X invoice. Rendered off the event loop like invoices, with the
 * issuer's current logo and colour.
 */
export async function renderQuotePdf(_db: DbOrTx, _quote: QuoteRow): Promise<Buffer> {
  throw new Error('renderQuotePdf: not built yet (issue 15, documents lane)');
}
