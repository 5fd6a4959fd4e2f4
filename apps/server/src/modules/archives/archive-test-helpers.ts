import type { YearlyArchive } from '@facturo/shared';
import { and, asc, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { expect, vi } from 'vitest';
import { liveEvents } from '../../db/schema.js';
import type { TestApp } from '../../test/harness.js';

export async function askArchive(t: TestApp, token: string, annee: unknown) {
  return t.request({ method: 'POST', url: '/api/archives', token, body: { annee } });
}

export async function getArchive(t: TestApp, token: string, id: string): Promise<YearlyArchive> {
  const res = await t.request({ method: 'GET', url: `/api/archives/${id}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<YearlyArchive>();
}

/** Waits (polling the API, as the web would without its event stream) until the archive is done. */
export async function settledArchive(t: TestApp, token: string, id: string): Promise<YearlyArchive> {
  return vi.waitFor(
    async () => {
      const archive = await getArchive(t, token, id);
      if (archive.statut === 'en_attente' || archive.statut === 'en_cours') throw new Error(archive.statut);
      return archive;
    },
    { timeout: 20_000, interval: 100 },
  );
}

export async function downloadArchive(t: TestApp, token: string, id: string) {
  const res = await t.request({ method: 'GET', url: `/api/archives/${id}/telechargement`, token });
  expect(res.statusCode, res.body).toBe(200);
  return { res, entries: unzipSync(new Uint8Array(res.rawPayload)) };
}

/** The `archive.progress` events announced to `userId`, oldest first. */
export async function progressEvents(t: TestApp, userId: string) {
  const rows = await t.database.db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.userId, userId), eq(liveEvents.type, 'archive.progress')))
    .orderBy(asc(liveEvents.id));
  return rows.map((row) => row.data as { archiveId: string; statut: string; fait: number; total: number });
}
