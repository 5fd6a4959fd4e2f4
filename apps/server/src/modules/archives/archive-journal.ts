import { JOURNAL_GENESIS_HASH } from '@facturo/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import { journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** Entries read per query: an issuer may have a hundred thousand, never all held as rows at once. */
const PAGE_SIZE = 1_000;

/**
 * journal.json of the archive: the issuer's whole chain as it stands, every entry with the exact content
 * text that was hashed, its previous hash and its hash, so that anyone can recompute it (SHA-256 of
 * previous hash, a line feed, the content) from the genesis hash without Facturo. Written page by page
 * as text, one entry per line.
 */
export async function journalJson(
  db: DbOrTx,
  issuerId: string,
  at: Date,
): Promise<{ bytes: Buffer; entries: number }> {
  const head = {
    emetteur: issuerId,
    exporteLe: at.toISOString(),
    hachage: 'SHA-256 de (hashPrecedent, un saut de ligne, contenu), en hexadécimal',
    hashGenese: JOURNAL_GENESIS_HASH,
  };
  // The head's object without its closing brace, then the entries' array.
  const parts: string[] = [`${JSON.stringify(head).slice(0, -1)},"entrees":[`];
  let after = 0;
  let entries = 0;
  for (;;) {
    const page = await db
      .select()
      .from(journalEntries)
      .where(and(eq(journalEntries.issuerId, issuerId), gt(journalEntries.seq, after)))
      .orderBy(asc(journalEntries.seq))
      .limit(PAGE_SIZE);
    for (const row of page) {
      const entry = {
        seq: row.seq,
        type: row.kind,
        typeDocument: row.documentType,
        documentId: row.documentId,
        numero: row.numero,
        pdfSha256: row.pdfSha256,
        periode: row.period,
        enregistreLe: row.recordedAt.toISOString(),
        contenu: row.content,
        hashPrecedent: row.previousHash,
        hash: row.hash,
      };
      parts.push(`${entries === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`);
      entries += 1;
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) break;
    after = last.seq;
  }
  parts.push('\n]}\n');
  return { bytes: Buffer.from(parts.join(''), 'utf8'), entries };
}
