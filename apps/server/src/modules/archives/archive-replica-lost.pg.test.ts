import { randomBytes } from 'node:crypto';
import type { YearlyArchive } from '@facturo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yearlyArchives } from '../../db/schema.js';
import { clientWithInvoice, signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { markInvoiceSent } from '../../test/invoice-requests.js';
import { askArchive, downloadArchive, settledArchive } from './archive-test-helpers.js';
import { updateArchive } from './archives.repo.js';

/**
 * A replica that stops answering in the middle of an archive (killed, or hung) holds its job: pg-boss
 * expires it and another replica builds the same archive from the start. Replica A's job never ends (as
 * if its process were gone: its worker takes nothing more); B, on the same queue, resumes it.
 */
describe('an archive whose replica is lost mid-build', () => {
  let a: TestApp;
  let b: TestApp | undefined;
  const jwtSecret = randomBytes(32).toString('hex');
  let releaseA = () => {};
  const hungA = new Promise<void>((resolve) => {
    releaseA = resolve;
  });
  let aStarted = () => {};
  const startedOnA = new Promise<void>((resolve) => {
    aStarted = resolve;
  });

  beforeAll(async () => {
    a = await startTestApp(
      { jwtSecret },
      {
        archiveExpireSeconds: 4,
        archiveBuild: async (job) => {
          await updateArchive(
            a.database.db,
            job.archiveId,
            { status: 'en_cours', done: 1, total: 5 },
            new Date(),
          );
          aStarted();
          await hungA;
        },
      },
    );
  });
  afterAll(async () => {
    releaseA();
    await b?.close();
    await a.close();
  });

  it('is resumed by another replica into the same archive, once', async () => {
    const issuer = await signedInUser(a);
    const { invoice } = await clientWithInvoice(a, issuer.token);
    expect((await markInvoiceSent(a, issuer.token, invoice._id)).statusCode).toBe(200);
    const asked = (await askArchive(a, issuer.token, new Date().getFullYear())).json<YearlyArchive>();
    await startedOnA;
    // A is gone: its worker takes nothing more (pg-boss 10 ends a handler that outlives the expiry itself,
    // and would otherwise hand the retry back to A's own worker), while its try hangs on.
    await a.stopArchiveWork();
    // B starts once A holds the job (so that A took the first try), on the same queue.
    const replica = await startTestApp({ jwtSecret }, { jobsSchema: a.jobsSchema, archiveExpireSeconds: 4 });
    b = replica;
    const ready = await settledArchive(replica, issuer.token, asked.id);
    expect(ready).toMatchObject({ statut: 'prete', fait: 5, total: 5 });
    const rows = await replica.database.db
      .select({ id: yearlyArchives.id })
      .from(yearlyArchives)
      .where(eq(yearlyArchives.userId, issuer.user._id));
    expect(rows).toEqual([{ id: asked.id }]);
    const { entries } = await downloadArchive(replica, issuer.token, asked.id);
    expect(Object.keys(entries).filter((name) => name.startsWith('factures/'))).toEqual([
      `factures/${invoice.numero}.pdf`,
    ]);
  }, 60_000);
});
