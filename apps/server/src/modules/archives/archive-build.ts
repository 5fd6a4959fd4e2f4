import {
  ARCHIVE_MESSAGES,
  type ArchiveStatus,
  registerSentence,
  registreNumerosFileName,
} from '@facturo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import type { Db, DbOrTx } from '../../db/types.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { publishEvents } from '../../lib/events/publish.js';
import type { ArchiveAttempt, ArchiveJob } from '../../lib/jobs.js';
import { fecFile } from '../books/fec.js';
import { fecDescription } from '../books/fec-description.js';
import { receiptsBookCsv } from '../books/receipts-book.js';
import { hasOriginal, issuedOriginal } from '../invoices/issued-original.js';
import { verifyJournal } from '../journal/journal-verification.js';
import { numbersRegister } from '../numbers-register/numbers-register.service.js';
import { registerCsv } from '../numbers-register/numbers-register-csv.js';
import { purchasesRegisterCsv } from '../purchases/purchases-register.js';
import { findUserById } from '../users/users.repo.js';
import { journalJson } from './archive-journal.js';
import { ArchiveProgress } from './archive-progress.js';
import { type ArchivedFile, README_NAME, readme, sha256Hex } from './archive-readme.js';
import { ArchiveZip } from './archive-zip.js';
import { archiveById, invoiceRow, issuedDocumentIds, updateArchive } from './archives.repo.js';

export interface ArchiveBuildDeps {
  db: Db;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
}

/** The steps after the documents: the books (receipts, purchases), the FEC, the journal, its verification. */
export const BOOK_STEPS = 4;

/**
 * The year's FEC and its description's name, or null when the profile has no SIRET (the FEC is named after
 * its SIREN: fec.ts refuses with a 409): the archive is still made, and its LISEZMOI says why the FEC is missing.
 */
async function yearFec(db: DbOrTx, user: UserRow, year: number) {
  try {
    const fec = await fecFile(db, user, year);
    return { ...fec, descriptionName: fec.fileName.replace(/\.txt$/, '-description.txt') };
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  }
}

/** `factures/<numero>.pdf`, a numero's separators made harmless in a path. */
export function documentEntryName(numero: string): string {
  return `factures/${numero.replace(/[/\\:*?"<>|]/g, '-')}.pdf`;
}

/**
 * The job of one yearly archive (lib/jobs.ts ARCHIVE_QUEUE). It builds the whole ZIP again from the
 * start on every try, into the same row: a retry after a failure or a killed replica never makes a
 * second archive, and an archive already ready (its ZIP stored, the job's end not recorded) is left as
 * it is. A failure is retried by pg-boss; on the last try the archive is marked as failed, in French.
 */
export async function buildArchive(deps: ArchiveBuildDeps, job: ArchiveJob, attempt: ArchiveAttempt) {
  const archive = await archiveById(deps.db, job.archiveId);
  if (!archive || archive.status === 'prete' || archive.status === 'echec') return;
  const announce = (db: DbOrTx, status: ArchiveStatus, done: number, total: number) =>
    publishEvents(db, [
      {
        userId: archive.userId,
        type: 'archive.progress',
        data: { archiveId: archive.id, annee: archive.year, statut: status, fait: done, total },
      },
    ]);
  try {
    const { zip, sha256, total } = await writeArchive(deps, archive, announce);
    await deps.db.transaction(async (tx) => {
      const moved = await updateArchive(
        tx,
        archive.id,
        { status: 'prete', done: total, total, zip, sha256, error: null },
        deps.clock.now(),
      );
      if (moved) await announce(tx, 'prete', total, total);
    });
  } catch (error) {
    // A failed query's message carries its parameters, the ZIP's bytes among them: only its start
    // goes to the log and to pg-boss (which stores the error as JSON, where a NUL byte is refused).
    const reason = shortReason(error);
    deps.log.error({ archiveId: archive.id, last: attempt.last, reason }, 'Archive annuelle : échec');
    if (!attempt.last) throw new Error(`Archive ${archive.id} : ${reason}`);
    await deps.db.transaction(async (tx) => {
      const moved = await updateArchive(
        tx,
        archive.id,
        { status: 'echec', error: ARCHIVE_MESSAGES.failed },
        deps.clock.now(),
      );
      if (moved) await announce(tx, 'echec', 0, archive.total);
    });
  }
}

/** The first line of an error's message, at most 300 characters, without control characters. */
export function shortReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point.
  return (message.split('\n')[0] ?? '').slice(0, 300).replace(/[\u0000-\u001f\u007f]/g, ' ');
}

type Announce = (db: DbOrTx, status: ArchiveStatus, done: number, total: number) => Promise<void>;

async function writeArchive(
  deps: ArchiveBuildDeps,
  archive: { id: string; userId: string; year: number },
  announce: Announce,
): Promise<{ zip: Buffer; sha256: string; total: number }> {
  const { db, clock } = deps;
  const user = await findUserById(db, archive.userId);
  if (!user) throw new Error(`archive ${archive.id} : utilisateur introuvable`);
  const documents = await issuedDocumentIds(db, user.id, archive.year);
  const total = documents.length + BOOK_STEPS;
  const report = (status: ArchiveStatus, done: number) =>
    db.transaction(async (tx) => {
      // A finished archive (this try went on after its job was retried elsewhere) is left as it is.
      if (!(await updateArchive(tx, archive.id, { status, done, total }, clock.now()))) {
        throw new Error('archive déjà terminée ailleurs');
      }
      await announce(tx, status, done, total);
    });
  await report('en_cours', 0);
  const progress = new ArchiveProgress((done) => report('en_cours', done));

  const builtAt = clock.now();
  const zip = await ArchiveZip.open(builtAt);
  const files: ArchivedFile[] = [];
  const add = (name: string, bytes: Uint8Array, stored: boolean) => {
    if (stored) zip.addStored(name, bytes);
    else zip.addDeflated(name, bytes);
    files.push({ name, sha256: sha256Hex(bytes) });
  };
  try {
    for (const { id } of documents) {
      const invoice = await invoiceRow(db, id);
      if (!invoice || !hasOriginal(invoice)) throw new Error(`document ${id} sans original`);
      // The stored original, drawn and stored now if it never was (e.g. marked paid, never downloaded).
      // Fixed now, it is journalled as issued for the archive (issued-original.ts), in its transaction.
      const { pdf } = await issuedOriginal(db, invoice, { at: clock.now(), via: 'archive' });
      add(documentEntryName(invoice.numero), pdf, true);
      await progress.step();
    }
    const period = { debut: `${archive.year}-01-01`, fin: `${archive.year}-12-31` };
    const receiptsBook = `livre-des-recettes-${archive.year}.csv`;
    add(receiptsBook, await receiptsBookCsv(db, user, period), false);
    // The purchases register beside it (empty but for its header when nothing was bought).
    const purchasesRegister = `registre-des-achats-${archive.year}.csv`;
    add(purchasesRegister, await purchasesRegisterCsv(db, user, period), false);
    // Every number of the year and what became of it, so the documents above leave no gap unexplained.
    const register = await numbersRegister(db, user.id, archive.year);
    const numbersRegisterName = registreNumerosFileName(archive.year);
    add(numbersRegisterName, registerCsv(register), false);
    await progress.step();
    const fec = await yearFec(db, user, archive.year);
    if (fec) {
      add(fec.fileName, fec.content, false);
      // LPF art. A47 A-1 II: the file's description goes with it.
      add(fec.descriptionName, Buffer.from(fecDescription(fec.fileName, archive.year), 'utf8'), false);
    }
    await progress.step();
    const journal = await journalJson(db, user.id, builtAt);
    add('journal.json', journal.bytes, false);
    await progress.step();
    const verification = { verifieeLe: builtAt.toISOString(), ...(await verifyJournal(db, user.id)) };
    add(
      'verification-journal.json',
      Buffer.from(`${JSON.stringify(verification, null, 2)}\n`, 'utf8'),
      false,
    );
    await progress.step();
    await progress.flush();

    const facts = {
      year: archive.year,
      issuer: `${user.prenom} ${user.nom}`.trim() || user.email,
      siret: user.siret,
      builtAt,
      documents: documents.length,
      receiptsBook,
      purchasesRegister,
      numbersRegister: { file: numbersRegisterName, sentence: registerSentence(register.resume) },
      fec: fec ? { file: fec.fileName, description: fec.descriptionName } : null,
      journalEntries: journal.entries,
    };
    zip.addDeflated(README_NAME, readme(facts, files));
    const bytes = await zip.end();
    return { zip: bytes, sha256: sha256Hex(bytes), total };
  } catch (error) {
    zip.terminate();
    throw error;
  }
}
