import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Searches that ignore case and accents: « helene » finds « Hélène », « DUPRE » finds « Dupré » (the wizard's
 * client picker did so when it filtered in the browser, issue 16). Both sides are folded with the same
 * table — `translate()` in SQL, the same letters here — so they always agree, whatever the database's
 * locale (PostgreSQL's lower() leaves « É » alone under the C locale, PGlite's default); ILIKE then takes
 * care of the plain letters' case. Needs no extension (unaccent is not in every PGlite build).
 */
export const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖÙÚÛÜÝŸ';
export const PLAIN = 'aaaaaaceeeeiiiinooooouuuuyyaaaaaaceeeeiiiinooooouuuuyy';
const FOLD = new Map([...ACCENTED].map((letter, i) => [letter, PLAIN[i] ?? letter]));

/** The text as the database folds it: accented Latin letters to their plain lower-case letter. */
export function foldAccents(text: string): string {
  return [...text].map((letter) => FOLD.get(letter) ?? letter).join('');
}

/** `%` and `_` typed in a search are letters, not wildcards; the pattern finds the text anywhere. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column` contains `q`, ignoring case and accents. */
export function containsFolded(column: SQLWrapper, q: string): SQL {
  return sql`translate(${column}, ${ACCENTED}, ${PLAIN}) ilike ${containsPattern(foldAccents(q))}`;
}
