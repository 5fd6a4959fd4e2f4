import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { ACCENTED, PLAIN } from '../../lib/text-search.js';

/** Every run of digits is compared on this many digits: « Client 2 » is « client 000…002 ». */
const DIGITS = 15;

/**
 * The directory's natural order (issue 17), as a French reader expects: case and accents aside
 * (« Épicerie » between « Eau » and « Fer », « atelier » with « Atelier »), numbers by their value
 * (« Client 2 » before « Client 10 »). A key SQL computes the same way on PostgreSQL and PGlite, whatever
 * their locale or ICU support: accents folded with the search's table, lower-cased, each run of digits
 * left-padded with zeros (prefixed by DIGITS zeros, then cut to its last DIGITS digits), compared
 * byte by byte (COLLATE "C"). A number longer than DIGITS digits keeps only its last DIGITS.
 */
export function naturalSortKey(column: SQLWrapper): SQL<string> {
  const folded = sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN}))`;
  const prefixed = sql`regexp_replace(${folded}, '([0-9]+)', ${`${'0'.repeat(DIGITS)}\\1`}, 'g')`;
  return sql<string>`(regexp_replace(${prefixed}, ${`[0-9]*([0-9]{${DIGITS}})`}, '\\1', 'g') collate "C")`;
}
