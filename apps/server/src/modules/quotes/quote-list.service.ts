import type { QuoteListItem, QuoteListQuery } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { type Page, pageOf, readCursor } from '../../lib/keyset-page.js';
import { countDocuments, type DocumentListFilters, sortKeyOf } from '../invoices/invoice-list.repo.js';
import type { ViewerRole } from '../invoices/invoices.presenter.js';
import { presentQuoteRow } from './quote-list.presenter.js';
import { quotePage } from './quote-list.repo.js';

/** GET /devis and /devis/received (issue 16): a page at a time, in SQL. */
export class QuoteListService {
  constructor(private readonly ctx: AppContext) {}

  async page(user: UserRow, side: ViewerRole, query: QuoteListQuery): Promise<Page<QuoteListItem>> {
    const filters: DocumentListFilters = {
      side,
      userId: user.id,
      statuses: query.status ? [query.status] : null,
      q: query.q,
    };
    const list = side === 'emetteur' ? 'devis/emis' : 'devis/recus';
    const after = readCursor(list, query.cursor, ['date', 'instant', 'uuid'] as const);
    const [rows, total] = await Promise.all([
      quotePage(this.ctx.db, filters, after, query.limit + 1),
      countDocuments(this.ctx.db, 'quotes', filters),
    ]);
    const page = pageOf(rows, { limit: query.limit, total, list, keyOf: sortKeyOf });
    return { ...page, items: page.items.map((row) => presentQuoteRow(row, side)) };
  }
}
