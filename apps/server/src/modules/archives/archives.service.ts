import { ARCHIVE_MESSAGES, type YearlyArchive } from '@facturo/shared';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../../db/schema.js';
import { AppError, badRequest, notFound } from '../../lib/errors.js';
import { isUuid } from '../../lib/ids.js';
import { parisDate } from '../../lib/paris-date.js';
import { assertProfessional } from '../users/professional-guard.js';
import {
  type ArchiveSummary,
  archiveZip,
  findArchive,
  findUnfinished,
  insertArchive,
  listArchives,
  lockArchiveYear,
  updateArchive,
} from './archives.repo.js';

/**
 * An archive waiting or under way with no news for this long was cut short for good (every try of its
 * job lost with its replica): a new request no longer answers it but marks it failed and starts afresh.
 * Longer than the job's expiry and its retries (lib/jobs.ts).
 */
const STALE_AFTER_MS = 2 * 60 * 60 * 1000;

export function presentArchive(row: ArchiveSummary): YearlyArchive {
  return {
    id: row.id,
    annee: row.year,
    statut: row.status,
    fait: row.done,
    total: row.total,
    sha256: row.sha256,
    taille: row.size,
    erreur: row.error,
    creeLe: row.createdAt.toISOString(),
    majLe: row.updatedAt.toISOString(),
  };
}

/** Issue 18: the yearly archives of a professional (the ZIP itself is built by archive-build.ts). */
export class ArchivesService {
  constructor(private readonly ctx: AppContext) {}

  /**
   * Asks for `year`'s archive: the row and its build job are written in one transaction. While one of
   * that year is waiting or under way, it is the answer (no second build); a ready or failed one is
   * not reused: asking again builds afresh (new documents, payments, journal entries since).
   */
  async request(user: UserRow, year: number): Promise<{ archive: YearlyArchive; created: boolean }> {
    assertProfessional(user, 'archiver vos documents');
    const now = this.ctx.clock.now();
    if (year > Number(parisDate(now).slice(0, 4))) throw badRequest(ARCHIVE_MESSAGES.futureYear);
    return this.ctx.db.transaction(async (tx) => {
      await lockArchiveYear(tx, user.id, year);
      const running = await findUnfinished(tx, user.id, year);
      if (running && now.getTime() - running.updatedAt.getTime() < STALE_AFTER_MS) {
        return { archive: presentArchive(running), created: false };
      }
      if (running) {
        await updateArchive(tx, running.id, { status: 'echec', error: ARCHIVE_MESSAGES.interrupted }, now);
      }
      const archive = await insertArchive(tx, user.id, year, now);
      await this.ctx.archives.scheduleArchive({ archiveId: archive.id }, tx);
      return { archive: presentArchive(archive), created: true };
    });
  }

  async list(user: UserRow): Promise<YearlyArchive[]> {
    assertProfessional(user, 'archiver vos documents');
    return (await listArchives(this.ctx.db, user.id)).map(presentArchive);
  }

  async get(user: UserRow, id: string): Promise<YearlyArchive> {
    const row = isUuid(id) ? await findArchive(this.ctx.db, user.id, id) : undefined;
    if (!row) throw notFound(ARCHIVE_MESSAGES.notFound);
    return presentArchive(row);
  }

  /** The ready ZIP's bytes; 404 when it is not the user's, 409 while it is not ready. */
  async zip(user: UserRow, id: string): Promise<{ year: number; zip: Buffer; sha256: string }> {
    const row = isUuid(id) ? await archiveZip(this.ctx.db, user.id, id) : undefined;
    if (!row) throw notFound(ARCHIVE_MESSAGES.notFound);
    if (row.status !== 'prete' || !row.zip || !row.sha256) {
      throw new AppError(409, 'conflict', ARCHIVE_MESSAGES.notReady);
    }
    return { year: row.year, zip: row.zip, sha256: row.sha256 };
  }
}
