import type { JournalSeal, JournalVerification } from '@facturo/shared';
import { and, asc, eq } from 'drizzle-orm';
import { type JournalEntryRow, journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { notFound } from '../../lib/errors.js';
import { verifyJournal } from './journal-verification.js';

/** What a closing entry's details hold (journal-seal.ts). */
interface SealDetails {
  dernierSeq: number;
  dernierHash: string;
  evenements: number;
}

function sealOf(row: JournalEntryRow): JournalSeal {
  const content = JSON.parse(row.content) as { date: string; details: SealDetails };
  return {
    mois: row.period ?? '',
    seq: row.seq,
    date: content.date,
    hash: row.hash,
    dernierSeq: content.details.dernierSeq,
    dernierHash: content.details.dernierHash,
    evenements: content.details.evenements,
  };
}

/** The issuer's monthly seals, oldest first (one a month: a few dozen rows at most). */
export async function listSeals(db: DbOrTx, issuerId: string): Promise<JournalSeal[]> {
  const rows = await db
    .select()
    .from(journalEntries)
    .where(and(eq(journalEntries.issuerId, issuerId), eq(journalEntries.kind, 'cloture_mensuelle')))
    .orderBy(asc(journalEntries.seq));
  return rows.map(sealOf);
}

/**
 * The downloadable seal of one month or one day: the closing entry exactly as stored (its content is
 * what was hashed, so anyone can recompute `hash` = SHA-256(previousHash + "\n" + content)), the chain
 * head it seals, and the chain's verification up to the seal — what the professional keeps outside
 * Facturo. A month's file names its `mois` and counts `evenementsDuMois`; a day's, `jour` and
 * `evenementsDuJour`.
 */
export type SealFile = {
  format: 'facturo-sceau-journal/1';
  cloture: { seq: number; previousHash: string; hash: string; content: string };
  verification: JournalVerification;
  algorithme: string;
} & (
  | { mois: string; tete: { seq: number; hash: string; evenementsDuMois: number } }
  | { jour: string; tete: { seq: number; hash: string; evenementsDuJour: number } }
);

/** `period` is 'YYYY-MM' (a month's seal) or 'YYYY-MM-DD' (a day's). */
export async function sealFile(db: DbOrTx, issuerId: string, period: string): Promise<SealFile> {
  const daily = period.length === 10;
  const [row] = await db
    .select()
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.issuerId, issuerId),
        eq(journalEntries.kind, daily ? 'cloture_quotidienne' : 'cloture_mensuelle'),
        eq(journalEntries.period, period),
      ),
    )
    .limit(1);
  if (!row) {
    throw notFound(`Aucune clôture pour ce ${daily ? 'jour' : 'mois'} : il n’est pas encore scellé.`);
  }
  const seal = sealOf(row);
  const common = {
    cloture: { seq: row.seq, previousHash: row.previousHash, hash: row.hash, content: row.content },
    verification: await verifyJournal(db, issuerId, { uptoSeq: row.seq }),
    algorithme: 'hash = SHA-256 hexadécimal de (hash précédent + "\\n" + contenu), en UTF-8',
  };
  const head = { seq: seal.dernierSeq, hash: seal.dernierHash };
  const format = 'facturo-sceau-journal/1';
  return daily
    ? { format, jour: period, ...common, tete: { ...head, evenementsDuJour: seal.evenements } }
    : { format, mois: period, ...common, tete: { ...head, evenementsDuMois: seal.evenements } };
}
