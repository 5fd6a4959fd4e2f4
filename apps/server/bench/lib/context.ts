import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { ensureBuilt } from './build.js';
import { type BenchDatabase, createBenchDatabase } from './database.js';
import { call, callJson } from './http.js';
import { type Running, startServer } from './processes.js';
import { invoiceBody, type Seeded, seed } from './seed.js';
import { SqlCapture, type Statement } from './sql-capture.js';

export interface Captured {
  /** GET /api/factures?limit=50 of the 10,000-invoice professional. */
  list: Statement[];
  /** GET /api/factures/totaux of the same professional. */
  totals: Statement[];
  /** POST /api/factures by the first issuer, and what it created. */
  creation: { statements: Statement[]; invoiceId: string; numero: string };
}

/**
 * What several measures share, made once on first use: the build, the bench's database, the running
 * server, the seeded accounts, the recorded SQL, the browser. A failure is remembered, so every measure
 * that needs the failed piece reports the same reason and the others still run.
 */
export class BenchContext {
  private readonly made = new Map<string, Promise<unknown>>();
  private readonly closers: (() => Promise<unknown>)[] = [];

  constructor(private readonly serverUrl: string | undefined) {}

  private once<T>(key: string, make: () => Promise<T>): Promise<T> {
    let promise = this.made.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = make();
      // Remembered as it is (a rejection included); the caller's await reports it.
      promise.catch(() => {});
      this.made.set(key, promise);
    }
    return promise;
  }

  build(): Promise<void> {
    return this.once('build', async () => ensureBuilt());
  }

  database(): Promise<BenchDatabase> {
    return this.once('database', async () => {
      if (!this.serverUrl) throw new Error('ni BENCH_DATABASE_URL ni TEST_DATABASE_URL : pas de PostgreSQL');
      const database = await createBenchDatabase(this.serverUrl);
      this.closers.push(() => database.drop());
      return database;
    });
  }

  server(): Promise<Running> {
    return this.once('server', async () => {
      await this.build();
      const server = await startServer((await this.database()).url);
      this.closers.push(() => server.stop());
      return server;
    });
  }

  seeded(): Promise<Seeded> {
    return this.once('seeded', async () => {
      const server = await this.server();
      const start = performance.now();
      const seeded = await seed((await this.database()).url, server.base).catch((error: unknown) => {
        const logged = server.lastError();
        throw logged
          ? new Error(`${error instanceof Error ? error.message : String(error)} — serveur : ${logged}`)
          : error;
      });
      console.log(
        `  (données écrites en ${((performance.now() - start) / 1000).toFixed(0)} s : 10 000 factures, 20 comptes)`,
      );
      return seeded;
    });
  }

  /**
   * The statements of one list page and of one creation, as the server sends them: a second server
   * whose database connections go through a recording proxy, so the measured server runs unproxied.
   */
  captured(): Promise<Captured> {
    return this.once('captured', async () => {
      const seeded = await this.seeded();
      const target = new URL((await this.database()).url);
      const capture = new SqlCapture({ host: target.hostname, port: Number(target.port || 5432) });
      const port = await capture.listen();
      const proxied = new URL(target);
      proxied.host = `127.0.0.1:${port}`;
      const server = await startServer(proxied.toString());
      try {
        const listCall = { path: '/api/factures?limit=50', token: seeded.list.token };
        for (let i = 0; i < 2; i++) await call(server.base, listCall);
        const list = await capture.record(() => call(server.base, listCall));
        const totalsCall = { path: '/api/factures/totaux', token: seeded.list.token };
        for (let i = 0; i < 2; i++) await call(server.base, totalsCall);
        const totals = await capture.record(() => call(server.base, totalsCall));
        const [issuer] = seeded.issuers;
        const create = {
          method: 'POST',
          path: '/api/factures',
          token: issuer!.token,
          body: invoiceBody(issuer!.clientId),
        };
        await callJson(server.base, create, 201);
        let created = { _id: '', numero: '' };
        const statements = await capture.record(async () => {
          created = await callJson(server.base, create, 201);
        });
        return { list, totals, creation: { statements, invoiceId: created._id, numero: created.numero } };
      } finally {
        await server.stop();
        await capture.close();
      }
    });
  }

  browser(): Promise<Browser> {
    return this.once('browser', async () => {
      const browser = await launchBrowser();
      this.closers.push(() => browser.close());
      return browser;
    });
  }

  /** Everything opened, closed in reverse order (the database last), whatever failed. */
  async close(): Promise<void> {
    for (const close of this.closers.reverse()) {
      await close().catch((error: unknown) => console.error(`Fermeture : ${String(error)}`));
    }
  }
}
