import type { NumbersRegister } from '@facturo/shared';
import type { DbOrTx } from '../../db/types.js';
import { buildRegister } from './numbers-register.js';
import { deletedQuoteNumbers, numberedInvoices, numberedQuotes } from './numbers-register.repo.js';

/** The register of `issuerId`'s numbers of `year`: its invoices, its quotes and the journal's deleted quotes. */
export async function numbersRegister(db: DbOrTx, issuerId: string, year: number): Promise<NumbersRegister> {
  const [invoiceRows, quoteRows, deleted] = await Promise.all([
    numberedInvoices(db, issuerId, year),
    numberedQuotes(db, issuerId, year),
    deletedQuoteNumbers(db, issuerId, year),
  ]);
  return buildRegister(year, invoiceRows, quoteRows, deleted);
}
