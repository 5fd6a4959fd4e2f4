import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** A period of the books: Paris calendar days, both included. */
export interface BookPeriod {
  debut: string;
  fin: string;
}

/**
 * Issue 18 (lane books): the receipts book's CSV of `period` (lib/french-csv.ts), the file the receipts
 * book's export serves and the yearly archive holds.
 */
export async function receiptsBookCsv(_db: DbOrTx, _user: UserRow, _period: BookPeriod): Promise<Buffer> {
  throw new Error('receiptsBookCsv: not yet built');
}
