import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * Issue 18 (lane books): the FEC of `year` (LPF art. A47 A-1), named `{SIREN}FEC{YYYYMMDD}.txt` after the
 * year's closing day: what GET /fec serves and the yearly archive holds.
 */
export async function fecFile(
  _db: DbOrTx,
  _user: UserRow,
  _year: number,
): Promise<{ fileName: string; content: Buffer }> {
  throw new Error('fecFile: not yet built');
}
