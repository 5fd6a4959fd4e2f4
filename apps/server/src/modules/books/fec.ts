import { BOOK_MESSAGES } from '@facturo/shared';
import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { AppError } from '../../lib/errors.js';
import { receivedPayments, saleDocuments } from './fec.repo.js';
import { fecEntries } from './fec-entries.js';
import { fecText } from './fec-format.js';

/** The SIREN the FEC's name carries: the first nine digits of the SIRET; refused without one. */
export function fecSiren(user: UserRow): string {
  const digits = (user.siret ?? '').replace(/\D/g, '');
  if (digits.length < 9) throw new AppError(409, 'conflict', BOOK_MESSAGES.siret, { requiresSiret: true });
  return digits.slice(0, 9);
}

/**
 * Issue 18 (lane books): the FEC of `year` (LPF art. A47 A-1), named `{SIREN}FEC{YYYYMMDD}.txt` after the
 * year's closing day: what GET /fec serves and the yearly archive holds. The micro-entrepreneur's financial
 * year is the calendar year, so it closes on 31 December.
 */
export async function fecFile(
  db: DbOrTx,
  user: UserRow,
  year: number,
): Promise<{ fileName: string; content: Buffer }> {
  const siren = fecSiren(user);
  const [documents, payments] = await Promise.all([
    saleDocuments(db, user.id, year),
    receivedPayments(db, user.id, year),
  ]);
  return { fileName: `${siren}FEC${year}1231.txt`, content: fecText(fecEntries(documents, payments, year)) };
}
