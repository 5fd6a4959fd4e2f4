import { and, eq } from 'drizzle-orm';
import { journalEntries, journalHeads } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/**
 * The head of an issuer's chain (journal_heads): the seq and hash of its last entry, moved by the
 * database in the transaction of every append (migration 0016's trigger), never back, never removed.
 */
export interface JournalHead {
  seq: number;
  hash: string;
}

export async function readHead(db: DbOrTx, issuerId: string): Promise<JournalHead | null> {
  const [head] = await db
    .select({ seq: journalHeads.seq, hash: journalHeads.hash })
    .from(journalHeads)
    .where(eq(journalHeads.issuerId, issuerId));
  return head ?? null;
}

/** Where a verified chain ended: its length, and its last entry's hash and date. */
export interface ChainEnd {
  length: number;
  lastHash: string;
  lastDate: string | null;
}

/** How the chain's end disagrees with its head, as verification reports a broken entry. */
export interface TailBreak {
  evenements: number;
  rupture: { seq: number; date: string | null; raison: string };
}

const missingTail = (from: number, to: number): string =>
  from === to
    ? `entrée manquante : la n° ${from}, la dernière enregistrée, a disparu de la fin du registre`
    : `entrées manquantes : les n° ${from} à ${to}, les dernières enregistrées, ont disparu de la fin du registre`;

async function hashAt(db: DbOrTx, issuerId: string, seq: number): Promise<string | undefined> {
  const [row] = await db
    .select({ hash: journalEntries.hash })
    .from(journalEntries)
    .where(and(eq(journalEntries.issuerId, issuerId), eq(journalEntries.seq, seq)));
  return row?.hash;
}

/**
 * A chain verified entry by entry must still reach its head: `before` was read before the chain, so every
 * entry up to it had committed (a shorter chain lost its tail, behind the application's back), and it must
 * name the entry at its seq; the head read again now must exist and not stand before the chain's end
 * (heads only move forward, with their entry). Null when the chain ends where its head says.
 */
export async function headDisagrees(
  db: DbOrTx,
  issuerId: string,
  before: JournalHead | null,
  end: ChainEnd,
): Promise<TailBreak | null> {
  if (before && before.seq > end.length) {
    return {
      evenements: end.length,
      rupture: { seq: end.length + 1, date: null, raison: missingTail(end.length + 1, before.seq) },
    };
  }
  if (end.length === 0) return null;
  const now = await readHead(db, issuerId);
  const atEnd = { evenements: end.length, rupture: { seq: end.length, date: end.lastDate } };
  if (!now) {
    return {
      ...atEnd,
      rupture: {
        ...atEnd.rupture,
        raison: 'la tête du registre a disparu : rien ne prouve plus que la dernière entrée est la dernière',
      },
    };
  }
  if (now.seq < end.length) {
    return {
      ...atEnd,
      rupture: {
        ...atEnd.rupture,
        raison: `la tête du registre a été ramenée en arrière (n° ${now.seq} au lieu de n° ${end.length})`,
      },
    };
  }
  for (const head of [before, now]) {
    if (!head || head.seq > end.length) continue;
    const hash = head.seq === end.length ? end.lastHash : await hashAt(db, issuerId, head.seq);
    if (hash !== head.hash) {
      return {
        evenements: head.seq - 1,
        rupture: {
          seq: head.seq,
          date: head.seq === end.length ? end.lastDate : null,
          raison: 'la tête du registre ne correspond plus à l’entrée qu’elle désigne',
        },
      };
    }
  }
  return null;
}
