import { AppError } from '../../../lib/errors.js';
import { parseEInvoice } from '../../supplier-invoices/parse-einvoice.js';
import type { ParsedEInvoice } from '../../supplier-invoices/parsed-einvoice.js';
import type { CdarParty } from '../cdar/cdar-message.js';
import { parseCdar } from '../cdar/cdar-parse.js';
import type { RoutingAddress } from '../routing/routing-account.js';

export type FlowSyntax = 'CII' | 'UBL' | 'Factur-X' | 'CDAR' | 'FRR';

/** What the platform reads in a submitted file: where it goes, and (an invoice) what it is. */
export type Reading =
  | { kind: 'invoice'; invoice: ParsedEInvoice; address: RoutingAddress | null }
  | { kind: 'status'; address: RoutingAddress | null; flowType: 'CustomerInvoiceLC' | 'SupplierInvoiceLC' }
  | { kind: 'report' }
  | { kind: 'unreadable'; reason: string };

/**
 * Reads the file as a platform would: an invoice goes to its buyer (a SIRET, else a SIREN with a single
 * establishment here); a lifecycle message (CDAR) to the other party of its invoice; an e-reporting to the
 * administration (nobody here).
 */
export async function readFlow(syntax: FlowSyntax, content: Buffer): Promise<Reading> {
  if (syntax === 'FRR') return { kind: 'report' };
  try {
    if (syntax === 'CDAR') {
      const message = parseCdar(content.toString('utf8'));
      const fromSeller =
        message.sender.siren !== null && message.sender.siren === message.invoice.seller.siren;
      return {
        kind: 'status',
        address:
          addressOf(message.recipient) ??
          addressOf(fromSeller ? message.invoice.buyer : message.invoice.seller),
        // The sender's view: a seller speaks of its customer invoice, a buyer of its supplier invoice.
        flowType: fromSeller ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC',
      };
    }
    const invoice = await parseEInvoice(content);
    const { buyer } = invoice;
    const address = buyer.siret ? { siret: buyer.siret } : buyer.siren ? { siren: buyer.siren } : null;
    return { kind: 'invoice', invoice, address };
  } catch (error) {
    return { kind: 'unreadable', reason: error instanceof AppError ? error.message : 'Fichier illisible.' };
  }
}

/**
 * Where a lifecycle message's party receives: its electronic address or SIRET (an establishment), else its
 * SIREN (reaching that company only if it has a single establishment here).
 */
function addressOf(party: CdarParty): RoutingAddress | null {
  const electronic = party.electronicAddress ?? null;
  if (electronic && /^\d{14}$/.test(electronic)) return { siret: electronic };
  if (party.siret && /^\d{14}$/.test(party.siret)) return { siret: party.siret };
  if (electronic && /^\d{9}$/.test(electronic)) return { siren: electronic };
  return party.siren ? { siren: party.siren } : null;
}
