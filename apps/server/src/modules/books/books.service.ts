import type { FecQuery, ReceiptsBookQuery } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { parisDate } from '../../lib/paris-date.js';
import { renderRegisterPdf } from '../invoices/document/pdf-pool.js';
import { assertProfessional } from '../users/professional-guard.js';
import { fecFile } from './fec.js';
import { type BookPeriod, receiptsBookCsvOf, receiptsBookData } from './receipts-book.js';
import { receiptsBookPdfSpec } from './receipts-book-pdf.js';

/** Issue 18: the receipts book and the FEC of a professional, dated by the app's clock in Paris. */
export class BooksService {
  constructor(private readonly ctx: AppContext) {}

  private currentYear(): number {
    return Number(parisDate(this.ctx.clock.now()).slice(0, 4));
  }

  /**
   * The period asked for. Without dates, the current year in Paris; with one only, the rest of that
   * date's year (from its 1 January, or to its 31 December), so the start never passes the end.
   */
  period(query: Pick<ReceiptsBookQuery, 'debut' | 'fin'>): BookPeriod {
    const year = (query.debut ?? query.fin)?.slice(0, 4) ?? String(this.currentYear());
    return { debut: query.debut ?? `${year}-01-01`, fin: query.fin ?? `${year}-12-31` };
  }

  async receiptsBook(user: UserRow, query: ReceiptsBookQuery) {
    assertProfessional(user, 'tenir votre livre des recettes');
    const period = this.period(query);
    return { period, book: await receiptsBookData(this.ctx.db, user.id, period) };
  }

  async receiptsBookCsv(user: UserRow, query: ReceiptsBookQuery) {
    const { period, book } = await this.receiptsBook(user, query);
    return { period, csv: receiptsBookCsvOf(book) };
  }

  async receiptsBookPdf(user: UserRow, query: ReceiptsBookQuery) {
    const { period, book } = await this.receiptsBook(user, query);
    return { period, pdf: await renderRegisterPdf(receiptsBookPdfSpec(user, book)) };
  }

  async fec(user: UserRow, query: FecQuery) {
    assertProfessional(user, 'télécharger votre FEC');
    return fecFile(this.ctx.db, user, query.annee ?? this.currentYear());
  }
}
