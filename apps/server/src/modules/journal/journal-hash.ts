import { createHash } from 'node:crypto';

/**
 * The JavaScript twin of the trigger of migration 0013 (journal_entries_chain): an entry's hash is the
 * SHA-256 of the previous entry's hash, a line feed, and the entry's content text (UTF-8), in hex.
 * Verification recomputes every entry with it.
 */
export function chainHash(previousHash: string, content: string): string {
  return createHash('sha256').update(`${previousHash}\n${content}`, 'utf8').digest('hex');
}
