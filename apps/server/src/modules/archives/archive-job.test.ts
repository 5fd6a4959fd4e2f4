import { ARCHIVE_MESSAGES, type YearlyArchive } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyArchives } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';
import { askArchive, downloadArchive, progressEvents, settledArchive } from './archive-test-helpers.js';
import { updateArchive } from './archives.repo.js';

/** What the job does on its next tries, set by each test. */
let behaviour: (archiveId: string, build: () => Promise<void>) => Promise<void>;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { archiveBuild: (job, _attempt, build) => behaviour(job.archiveId, build) });
});
afterAll(async () => t.close());

const year = new Date().getFullYear();

describe('the yearly archive job', () => {
  it('while one is under way, a new request answers it and its ZIP is not served yet (409)', async () => {
    const issuer = await signedInUser(t);
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = () => {};
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    behaviour = async (archiveId, build) => {
      await updateArchive(t.database.db, archiveId, { status: 'en_cours', total: 4 }, new Date());
      started();
      await released;
      await build();
    };
    const first = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
    await running;
    const again = await askArchive(t, issuer.token, year);
    expect(again.statusCode).toBe(202);
    expect(again.json<YearlyArchive>()).toMatchObject({ id: first.id, statut: 'en_cours' });
    const early = await t.request({
      method: 'GET',
      url: `/api/archives/${first.id}/telechargement`,
      token: issuer.token,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorType: 'conflict', message: ARCHIVE_MESSAGES.notReady });
    release();
    expect((await settledArchive(t, issuer.token, first.id)).statut).toBe('prete');
    // Once ready, asking again builds afresh (documents or payments may have come since).
    behaviour = (_id, build) => build();
    const fresh = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
    expect(fresh.id).not.toBe(first.id);
    await settledArchive(t, issuer.token, fresh.id);
  });

  it('a try cut short half-way is retried into the same archive, without duplicates', async () => {
    const issuer = await signedInUser(t);
    const { invoice } = await clientWithInvoice(t, issuer.token);
    expect((await markInvoiceSent(t, issuer.token, invoice._id)).statusCode).toBe(200);
    let tries = 0;
    behaviour = async (archiveId, build) => {
      tries += 1;
      if (tries === 1) {
        // As a replica killed mid-build leaves it: half done, then nothing.
        await updateArchive(t.database.db, archiveId, { status: 'en_cours', done: 2, total: 5 }, new Date());
        throw new Error('réplique arrêtée');
      }
      await build();
    };
    const asked = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
    const ready = await settledArchive(t, issuer.token, asked.id);
    expect(tries).toBe(2);
    expect(ready).toMatchObject({ statut: 'prete', fait: 5, total: 5, erreur: null });
    const rows = await t.database.db
      .select({ id: yearlyArchives.id })
      .from(yearlyArchives)
      .where(eq(yearlyArchives.userId, issuer.user._id));
    expect(rows).toEqual([{ id: asked.id }]);
    const { entries } = await downloadArchive(t, issuer.token, asked.id);
    expect(Object.keys(entries).filter((name) => name.startsWith('factures/'))).toEqual([
      `factures/${invoice.numero}.pdf`,
    ]);
    // The PDF, two books, the numbers register, the FEC and its description, the journal, its
    // verification, LISEZMOI.
    expect(Object.keys(entries)).toHaveLength(9);
  });

  it('after its last try fails, the archive says so in French, and a new request starts afresh', async () => {
    const issuer = await signedInUser(t);
    behaviour = (_id, build) => build();
    // The database refuses to store this user's ZIP, on every try (as a full disk would).
    await t.database.executeSql(`
      create function refuse_archive() returns trigger language plpgsql as $$
      begin
        if new.status = 'prete' and new.user_id = '${issuer.user._id}' then raise exception 'disque plein'; end if;
        return new;
      end $$;
      create trigger refuse_archive before update on yearly_archives for each row execute function refuse_archive();
    `);
    try {
      const asked = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
      const failed = await settledArchive(t, issuer.token, asked.id);
      expect(failed).toMatchObject({ statut: 'echec', erreur: ARCHIVE_MESSAGES.failed, sha256: null });
      const events = (await progressEvents(t, issuer.user._id)).filter((e) => e.archiveId === asked.id);
      expect(events.at(-1)).toMatchObject({ statut: 'echec' });
      const download = await t.request({
        method: 'GET',
        url: `/api/archives/${asked.id}/telechargement`,
        token: issuer.token,
      });
      expect(download.statusCode).toBe(409);
      const again = (await askArchive(t, issuer.token, year)).json<YearlyArchive>();
      expect(again.id).not.toBe(asked.id);
      await settledArchive(t, issuer.token, again.id);
    } finally {
      await t.database.executeSql(
        'drop trigger refuse_archive on yearly_archives; drop function refuse_archive();',
      );
    }
  });
});
