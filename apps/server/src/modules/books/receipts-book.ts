import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { frenchCsv } from '../../lib/french-csv.js';

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
  // Placeholder until the books lane lands: the header alone.
  return frenchCsv(['Date'], []);
}
