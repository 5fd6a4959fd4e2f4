import {
  centsToEuros,
  type DepositInput,
  formatInvoiceNumber,
  type invoiceInputSchema,
  QUOTE_MESSAGES,
  thousandthsToQuantity,
} from '@facturo/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { DocumentRefs, QuoteRow, UserRow } from '../../db/schema.js';
import type { Tx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { publishEvents } from '../../lib/events/publish.js';
import { quoteStatusChanged } from '../../lib/events/quote-events.js';
import { parisDate } from '../../lib/paris-date.js';
import { ownedClient } from '../clients/owned-client.js';
import { visibleInvoice } from '../invoices/invoice-access.js';
import { composeInvoice } from '../invoices/invoice-compose.js';
import { assertIssuerCanInvoice } from '../invoices/invoice-legal.js';
import { readLine } from '../invoices/invoice-snapshots.js';
import { type InvoiceRecord, insertInvoice, takeNextSequence } from '../invoices/invoices.repo.js';
import {
  invoiceDocument,
  journalNumbered,
  journalStatusChanges,
  quoteDocument,
} from '../journal/journal-events.js';
import { assertInvoiceQuota } from '../subscription/quotas.js';
import { assertProfessional } from '../users/professional-guard.js';
import { depositLines, depositTargetCents } from './deposit-lines.js';
import { lockQuoteAsIssuer } from './quote-access.js';
import { netOfCredits } from './quotes.presenter.js';
import { invoicesOfQuotes, updateQuote } from './quotes.repo.js';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

const alreadyInvoiced = () => new AppError(409, 'quote_already_invoiced', QUOTE_MESSAGES.alreadyInvoiced);
const notAccepted = () => new AppError(409, 'quote_not_accepted', QUOTE_MESSAGES.notAccepted);

/**
 * Invoices made from an accepted quote (issue 15): deposits, then the final invoice that deducts them.
 * Each is one transaction that locks the quote row first, so deposits and the final invoice on one quote
 * take turns; then it takes its FAC number and counts against the free plan's quota as any invoice does.
 */
export class QuoteInvoicingService {
  constructor(private readonly ctx: AppContext) {}

  /** A deposit invoice: a share or an amount of the quote's TTC, one line per VAT rate of the quote. */
  async deposit(user: UserRow, id: string, input: DepositInput): Promise<InvoiceRecord> {
    const invoiceId = await this.ctx.db.transaction(async (tx) => {
      const quote = await this.lockInvoiceable(tx, user, id);
      const standing = (await invoicesOfQuotes(tx, [quote.id])).filter((d) => d.type === 'acompte');
      const target = depositTargetCents(quote, input, netOfCredits(standing));
      return this.write(tx, user, quote, 'acompte', {
        lignes: depositLines(quote, input, target),
        refs: { quote: { id: quote.id, numero: quote.numero } },
        dateLivraison: null,
        prepaidCents: 0,
      });
    });
    return (await visibleInvoice(this.ctx.db, user, invoiceId)).record;
  }

  /**
   * The final invoice: the quote's lines, the deposits standing (not cancelled, not wholly credited)
   * listed and their TTC net of credit notes deducted from what is due; the quote becomes « facturé ».
   */
  async finalInvoice(user: UserRow, id: string): Promise<InvoiceRecord> {
    const invoiceId = await this.ctx.db.transaction(async (tx) => {
      const quote = await this.lockInvoiceable(tx, user, id);
      const deposits = (await invoicesOfQuotes(tx, [quote.id])).filter(
        (d) => d.type === 'acompte' && d.totalTtcCents - d.creditedCents > 0,
      );
      const created = await this.write(tx, user, quote, 'facture', {
        lignes: quote.lines.map(readLine).map((line) => ({
          description: line.description,
          quantite: thousandthsToQuantity(line.quantityThousandths),
          prixUnitaire: centsToEuros(line.unitPriceCents).toFixed(2),
          unite: line.unit,
          tauxTVA: line.vatRate,
          ...(line.exemptionCode ? { motifExoneration: line.exemptionCode } : {}),
        })),
        dateLivraison: quote.dateLivraison,
        refs: {
          quote: { id: quote.id, numero: quote.numero },
          deposits: deposits.map((d) => ({
            id: d.id,
            numero: d.numero,
            dateEmission: d.dateEmission,
            totalTtcCents: d.totalTtcCents,
          })),
        },
        prepaidCents: netOfCredits(deposits),
      });
      const changes = { issuerStatus: 'facturee' as const };
      await updateQuote(tx, quote.id, changes);
      await journalStatusChanges(tx, user.id, quoteDocument(quote), quote, changes, this.ctx.clock.now());
      await publishEvents(tx, quoteStatusChanged({ ...quote, ...changes }, 'destinataire'));
      return created;
    });
    return (await visibleInvoice(this.ctx.db, user, invoiceId)).record;
  }

  /** The quote, locked, if an invoice may be made from it now: accepted and not invoiced yet. */
  private async lockInvoiceable(tx: Tx, user: UserRow, id: string): Promise<QuoteRow> {
    const quote = await lockQuoteAsIssuer(tx, user, id);
    assertProfessional(user, 'facturer un devis');
    if (quote.issuerStatus === 'facturee') throw alreadyInvoiced();
    if (quote.issuerStatus !== 'acceptee') throw notAccepted();
    assertIssuerCanInvoice(user);
    return quote;
  }

  /** Writes an invoice of the quote, composed exactly as any invoice, with its FAC number. */
  private async write(
    tx: Tx,
    user: UserRow,
    quote: QuoteRow,
    type: 'facture' | 'acompte',
    made: {
      lignes: InvoiceInput['lignes'];
      /** BT-72: the quote's for the final invoice; a deposit's is its issue date. */
      dateLivraison: string | null;
      refs: DocumentRefs;
      prepaidCents: number;
    },
  ): Promise<string> {
    const now = this.ctx.clock.now();
    const dateEmission = parisDate(now);
    const year = Number(dateEmission.slice(0, 4));
    const client = await ownedClient(tx, user, quote.clientId);
    const input: InvoiceInput = {
      client: client.id,
      objet: quote.objet,
      lignes: made.lignes,
    };
    // The quote's mentions are the base (what the client accepted, with the invoice's default term), and
    // its delivery address stands.
    const written = composeInvoice(user, client, input, dateEmission, quote.mentions, {
      dateLivraison: made.dateLivraison,
      deliveryAddress: quote.deliveryAddress,
    });
    const sequence = await takeNextSequence(tx, user.id, 'FAC', year);
    // After the counter lock: concurrent creations are counted one after the other.
    await assertInvoiceQuota(tx, user, now);
    const created = await insertInvoice(tx, {
      issuerId: user.id,
      numero: formatInvoiceNumber(year, sequence),
      year,
      sequence,
      dateEmission,
      ...written,
      type,
      quoteId: quote.id,
      refs: made.refs,
      prepaidCents: made.prepaidCents,
      issuerStatus: 'creee',
    });
    await journalNumbered(tx, created, invoiceDocument(created), now);
    return created.id;
  }
}
