import { JOURNAL_GENESIS_HASH, type JournalVerification } from '@facturo/shared';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { type JournalEntryRow, journalEntries } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { chainHash } from './journal-hash.js';
import { headDisagrees, readHead } from './journal-head.js';
import { SEAL_KINDS, type SealKind } from './journal-seal.js';

/** Entries read per query: an issuer may have 100 000 of them, never all in memory at once. */
const PAGE_SIZE = 1000;

/** What the entry's content says, as journalContent wrote it. */
interface ParsedContent {
  type?: unknown;
  document?: { type?: unknown; id?: unknown; numero?: unknown } | null;
  date?: unknown;
  details?: unknown;
  pdfSha256?: unknown;
  periode?: unknown;
}

/** The entry's own date (its content's), else when the database recorded it. */
function dateOf(row: JournalEntryRow, content: ParsedContent | null): string {
  return typeof content?.date === 'string' ? content.date : row.recordedAt.toISOString();
}

function parse(text: string): ParsedContent | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' ? (value as ParsedContent) : null;
  } catch {
    return null;
  }
}

/** Why the row's columns disagree with the content that was hashed, in French; null when they agree. */
function columnsDisagree(row: JournalEntryRow, content: ParsedContent): string | null {
  const document = content.document ?? null;
  const pairs: [string, unknown, unknown][] = [
    ['le type d’événement', row.kind, content.type],
    ['le type de document', row.documentType, document?.type ?? null],
    ['le document', row.documentId, document?.id ?? null],
    ['le numéro', row.numero, document?.numero ?? null],
    ['l’empreinte du PDF', row.pdfSha256, content.pdfSha256 ?? null],
    ['la période', row.period, content.periode ?? null],
  ];
  const wrong = pairs.find(([, column, said]) => column !== said);
  return wrong ? `${wrong[0]} de l’entrée ne correspond pas à son contenu enregistré` : null;
}

/** The first reason this row breaks the chain whose last good entry had `expectedSeq - 1` and `previousHash`. */
function breakOf(row: JournalEntryRow, expectedSeq: number, previousHash: string): string | null {
  if (row.seq !== expectedSeq) {
    return row.seq > expectedSeq
      ? `entrée manquante : la n° ${expectedSeq} a disparu du registre`
      : `numéro d’entrée inattendu (${row.seq} au lieu de ${expectedSeq})`;
  }
  if (row.previousHash !== previousHash) return 'le lien vers l’entrée précédente est rompu';
  if (row.hash !== chainHash(row.previousHash, row.content)) {
    return 'le contenu de l’entrée a été modifié après son enregistrement';
  }
  const content = parse(row.content);
  if (!content) return 'le contenu de l’entrée est illisible';
  return columnsDisagree(row, content);
}

const SEAL_NAMES: Record<SealKind, string> = {
  cloture_quotidienne: 'la clôture quotidienne',
  cloture_mensuelle: 'la clôture mensuelle',
};

const isSeal = (kind: string): kind is SealKind => (SEAL_KINDS as readonly string[]).includes(kind);

/**
 * A seal (of a day or a month) must seal what the chain holds: its sealed entry's hash, read again, must
 * be the one it recorded (a rewritten chain — every hash recomputed from a changed entry on — would not
 * match it).
 */
async function sealDisagrees(db: DbOrTx, row: JournalEntryRow): Promise<string | null> {
  if (!isSeal(row.kind)) return null;
  const name = SEAL_NAMES[row.kind];
  const details = (parse(row.content)?.details ?? {}) as { dernierSeq?: unknown; dernierHash?: unknown };
  if (typeof details.dernierSeq !== 'number' || details.dernierSeq >= row.seq) {
    return `${name} ne désigne pas une entrée antérieure`;
  }
  const [sealed] = await db
    .select({ hash: journalEntries.hash })
    .from(journalEntries)
    .where(and(eq(journalEntries.issuerId, row.issuerId), eq(journalEntries.seq, details.dernierSeq)));
  return sealed?.hash === details.dernierHash ? null : `${name} ne correspond plus à l’entrée qu’elle scelle`;
}

/**
 * Recomputes `issuerId`'s chain from its first entry (journal-hash.ts), a page at a time in `seq` order:
 * each entry must follow the previous one (1, 2, 3… without a gap), link to its hash, hash to its own,
 * and its columns must agree with its content; a seal must match the head it sealed. The first entry that
 * fails is reported. Then the chain must reach its head (journal_heads), so a deleted tail is reported
 * too. `uptoSeq` stops at that entry (a seal's verification as of its writing: no head then).
 */
export async function verifyJournal(
  db: DbOrTx,
  issuerId: string,
  options: { uptoSeq?: number } = {},
): Promise<JournalVerification> {
  // Read before the chain: a head only moves forward, with its entry, so every entry up to it is
  // already committed, whatever is appended while the chain is read.
  const head = options.uptoSeq === undefined ? await readHead(db, issuerId) : undefined;
  let expectedSeq = 1;
  let previousHash = JOURNAL_GENESIS_HASH;
  let last: JournalEntryRow | undefined;
  for (;;) {
    const page = await db
      .select()
      .from(journalEntries)
      .where(
        and(
          eq(journalEntries.issuerId, issuerId),
          gt(journalEntries.seq, expectedSeq - 1),
          options.uptoSeq === undefined ? undefined : lte(journalEntries.seq, options.uptoSeq),
        ),
      )
      .orderBy(asc(journalEntries.seq))
      .limit(PAGE_SIZE);
    for (const row of page) {
      const raison = breakOf(row, expectedSeq, previousHash) ?? (await sealDisagrees(db, row));
      if (raison) {
        return {
          valide: false,
          evenements: expectedSeq - 1,
          premiereRupture: { seq: expectedSeq, date: dateOf(row, parse(row.content)), raison },
        };
      }
      expectedSeq += 1;
      previousHash = row.hash;
      last = row;
    }
    if (page.length < PAGE_SIZE) break;
  }
  const evenements = expectedSeq - 1;
  const end = {
    length: evenements,
    lastHash: previousHash,
    lastDate: last ? dateOf(last, parse(last.content)) : null,
  };
  const tail = head === undefined ? null : await headDisagrees(db, issuerId, head, end);
  if (tail) return { valide: false, evenements: tail.evenements, premiereRupture: tail.rupture };
  return { valide: true, evenements, dernierHash: evenements === 0 ? null : previousHash };
}
