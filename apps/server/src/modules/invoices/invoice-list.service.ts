import {
  centsToEuros,
  DOCUMENT_MESSAGES,
  type InvoiceListItem,
  type InvoiceListQuery,
  type InvoiceListTotals,
  type InvoiceType,
  ISSUER_STATUSES,
  isOverdueFilter,
  issuedMatchesFilter,
  parseInvoiceTypeFilter,
  parseStatusFilter,
  RECIPIENT_STATUSES,
  receivedMatchesFilter,
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
import {
  countDocuments,
  type DocumentListFilters,
  invoicePage,
  invoiceTotalsByStatus,
  sortKeyOf,
} from './invoice-list.repo.js';
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

const statusesOf = (side: ViewerRole): readonly string[] =>
  side === 'emetteur' ? ISSUER_STATUSES : RECIPIENT_STATUSES;

/** The reader's statuses, status by status, as the shared filter rule (SPEC §7 `?status=`) decides them. */
function keptStatuses(side: ViewerRole, status: string | undefined): readonly string[] {
  const filter = parseStatusFilter(status);
  return side === 'emetteur'
    ? ISSUER_STATUSES.filter((s) => issuedMatchesFilter(s, filter))
    : RECIPIENT_STATUSES.filter((s) => receivedMatchesFilter(s, filter));
}

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
      countDocuments(this.ctx.db, 'invoices', filters),
    ]);
    const page = pageOf(rows, { limit: query.limit, total, list: name, keyOf: sortKeyOf });
    const today = this.today();
    return { ...page, items: page.items.map((row) => presentInvoiceRow(row, filters.side, today)) };
  }

  /**
   * `nombre` and `totalTTC` under every filter; `parStatut` under every filter but the status, for each
   * status of the reader's side (0 when none).
   */
  async totals(user: UserRow, list: InvoiceList, query: InvoiceListFilterQuery): Promise<InvoiceListTotals> {
    const filters = await this.filtersOf(user, list, query);
    const byStatus = await invoiceTotalsByStatus(this.ctx.db, filters, this.today());
    const kept = byStatus.filter((row) => filters.statuses?.includes(row.statut) ?? true);
    // « En retard » (issue 17): the late rows of every status; their sum, as the list's, signed.
    const late = filters.overdueOn !== undefined;
    return {
      nombre: kept.reduce((sum, row) => sum + (late ? row.overdueCount : row.count), 0),
      totalTTC: centsToEuros(
        kept.reduce((sum, row) => sum + (late ? row.overdueSignedCents : row.signedCents), 0),
      ),
      parStatut: Object.fromEntries(
        statusesOf(filters.side).map((statut) => [
          statut,
          byStatus.find((row) => row.statut === statut)?.count ?? 0,
        ]),
      ),
      enRetard: byStatus.reduce((sum, row) => sum + row.overdueCount, 0),
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
    const side = sideOf(list);
    const overdue = isOverdueFilter(query.status);
    const kept = keptStatuses(side, overdue ? undefined : query.status);
    const filters: DocumentListFilters = {
      side,
      userId: user.id,
      // Every status kept is no condition at all (a recipient's list without a filter).
      statuses: kept.length === statusesOf(side).length ? null : kept,
      type: typeFilter(query.type),
      q: query.q,
      ...(overdue ? { overdueOn: this.today() } : {}),
    };
    if (list.kind !== 'client') return filters;
    assertProfessional(user, 'gérer des clients');
    if (!isUuid(list.clientId) || !(await findClient(this.ctx.db, user.id, list.clientId))) {
      throw notFound('Client introuvable.');
    }
    return { ...filters, clientId: list.clientId };
  }
}
