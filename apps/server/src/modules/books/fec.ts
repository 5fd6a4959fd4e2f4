import type { UserRow } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * Issue 18 (lane books): the FEC of `year` (LPF art. A47 A-1), named `{SIREN}FEC{YYYYMMDD}.txt` after the
 * year's closing day: what GET /fec serves and the yearly archive holds.
 */
export async function fecFile(
  _db: DbOrTx,
  _user: UserRow,
  year: number,
): Promise<{ fileName: string; content: Buffer }> {
  // Placeholder until the books lane lands: a file with the header alone.
  return { fileName: `000000000FEC${year}1231.txt`, content: Buffer.from('JournalCode\r\n') };
}
