import {
  centsToEuros,
  DOCUMENT_MESSAGES,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceListTotals,
  type InvoiceType,
  parseInvoiceTypeFilter,
  parseLifeFilter,
} from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { type Page, pageOf, readCursor } from '../../lib/keyset-page.js';
import { parisDate } from '../../lib/paris-date.js';
import { findClient } from '../clients/clients.repo.js';
import { assertProfessional } from '../users/professional-guard.js';
import { presentInvoiceRow } from './invoice-list.presenter.js';
import { type DocumentListFilters, invoiceLifeTotals, invoicePage, sortKeyOf } from './invoice-list.repo.js';
import { invoiceListTotal } from './invoice-list-total.js';
import type { ViewerRole } from './invoices.presenter.js';

/** Which invoice list: the issuer's, the recipient's, or the issuer's invoices to one client. */
export type InvoiceList = { kind: 'emises' } | { kind: 'recues' } | { kind: 'client'; clientId: string };

/** The filters a list and its totals share. */
export type InvoiceListFilterQuery = Pick<InvoiceListQuery, 'status' | 'type' | 'q'>;

/** `?type=facture|acompte|avoir` (issue 15): absent or empty lists every type; anything else is a 400. */
function typeFilter(value: string | undefined): InvoiceType | null {
  if (value === undefined || value === '') return null;
  const type = parseInvoiceTypeFilter(value);
  if (!type) throw badRequest(DOCUMENT_MESSAGES.unknownInvoiceType);
  return type;
}

const sideOf = (list: InvoiceList): ViewerRole => (list.kind === 'recues' ? 'destinataire' : 'emetteur');

/** Cursors of one list are refused by every other one (a client's list is its own list). */
const cursorListOf = (list: InvoiceList) =>
  list.kind === 'client' ? `factures/client/${list.clientId}` : `factures/${list.kind}`;

/** The invoice lists (issue 16): a page at a time in SQL, their figures from SQL aggregates. */
export class InvoiceListService {
  constructor(private readonly ctx: AppContext) {}

  async page(user: UserRow, list: InvoiceList, query: InvoiceListQuery): Promise<Page<InvoiceListItem>> {
    const filters = await this.filtersOf(user, list, query);
    const name = cursorListOf(list);
    const after = readCursor(name, query.cursor, ['date', 'instant', 'uuid'] as const);
    const [rows, total] = await Promise.all([
      invoicePage(this.ctx.db, filters, after, query.limit + 1),
      invoiceListTotal(this.ctx.db, filters),
    ]);
    const page = pageOf(rows, { limit: query.limit, total, list: name, keyOf: sortKeyOf });
    const today = this.today();
    return { ...page, items: page.items.map((row) => presentInvoiceRow(row, filters.side, today)) };
  }

  /**
   * `nombre` and `totalTTC` under every filter; `parStatut` under every filter but the status, the count
   * of each life filter (0 when none), `enRetard` repeating the late ones' count.
   */
  async totals(user: UserRow, list: InvoiceList, query: InvoiceListFilterQuery): Promise<InvoiceListTotals> {
    const filters = await this.filtersOf(user, list, query);
    const totals = await invoiceLifeTotals(this.ctx.db, filters, this.today());
    return {
      nombre: totals.count,
      totalTTC: centsToEuros(totals.signedCents),
      parStatut: totals.byFilter,
      enRetard: totals.byFilter.en_retard,
    };
  }

  /** Today in Paris, by the app's clock: the day lateness is judged on. */
  private today(): string {
    return parisDate(this.ctx.clock.now());
  }

  private async filtersOf(
    user: UserRow,
    list: InvoiceList,
    query: InvoiceListFilterQuery,
  ): Promise<DocumentListFilters> {
    const filters: DocumentListFilters = {
      side: sideOf(list),
      userId: user.id,
      // The stored statuses are no filter any more: the life filter says which rows a list keeps.
      statuses: null,
      // An unknown value filters nothing but the cancelled ones, as no filter (old links keep working).
      life: { filter: parseLifeFilter(query.status), today: this.today() },
      type: typeFilter(query.type),
      q: query.q,
    };
    if (list.kind !== 'client') return filters;
    assertProfessional(user, 'gérer des clients');
    if (!isUuid(list.clientId) || !(await findClient(this.ctx.db, user.id, list.clientId))) {
      throw notFound('Client introuvable.');
    }
    return { ...filters, clientId: list.clientId };
  }
}
