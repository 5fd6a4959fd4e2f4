import type { InvoiceRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { invoiceStatusChanged } from '../../lib/events/invoice-events.js';
import { publishEvents } from '../../lib/events/publish.js';
import { invoiceDocument, journalStatusChanges } from '../journal/journal-events.js';
import { notify } from '../notifications/notify.js';
import { markViewed } from './document-life.repo.js';
import { updateInvoice } from './invoices.repo.js';

/**
 * The recipient opened the invoice — in their account or through the e-mailed link: « Vue » on both
 * sides, in the caller's transaction. The first view only is news for the issuer: their open pages learn
 * of it and their bell says so. Answers whether it was the first view.
 */
export async function recordView(tx: Tx, invoice: InvoiceRow, at: Date): Promise<boolean> {
  const first = await markViewed(tx, invoice.id, at);
  if (invoice.recipientStatus === 'non_vue') {
    await updateInvoice(tx, invoice.id, { recipientStatus: 'vue' });
    // The recipient's action goes to the issuer's chain.
    const changes = { recipientStatus: 'vue' as const };
    await journalStatusChanges(tx, invoice.issuerId, invoiceDocument(invoice), invoice, changes, at);
  }
  if (!first) return false;
  await publishEvents(tx, invoiceStatusChanged({ ...invoice, recipientStatus: 'vue' }, 'emetteur'));
  // Only in the app (facture_vue is not an e-mailed kind): no mail queue, so no link base is needed.
  await notify(
    { tx, appUrl: '' },
    {
      userId: invoice.issuerId,
      kind: 'facture_vue',
      titre: `Facture ${invoice.numero} vue par ${invoice.clientSnapshot.nom || invoice.clientSnapshot.email}`,
      lien: `/factures/${invoice.id}`,
    },
  );
  return true;
}
