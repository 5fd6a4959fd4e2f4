import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../lib/password-hash.js';
import { insertUser } from '../modules/users/users.repo.js';
import { STRONG_PASSWORD, uniqueEmail, uniqueSiret } from '../test/factories.js';
import { waitForMail } from '../test/outbox.js';
import { ownPostgresDatabase } from '../test/own-postgres-database.js';
import { healthStatus, type StartedServer, startServerOn, until } from '../test/server-process.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { postgresDatabase } from './postgres.js';
import { clients } from './schema.js';
import type { Database } from './types.js';

/**
 * The real server, as a process, against a PostgreSQL that drops its connections or becomes
 * unreachable. A database of its own: terminating "every backend of this database" then touches
 * nothing but this file's server.
 */
const database = ownPostgresDatabase('faults');
const dbUrl = database.url;
/** Reads what the server wrote, and writes the accounts it signs in with. */
let check: Database;

/** What an administrator (or a failover) does: every other connection to the database is killed. */
async function terminateEveryBackend(): Promise<number> {
  return database.withClient(async (admin) => {
    const { rowCount } = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rowCount ?? 0;
  });
}

beforeAll(async () => {
  await database.create();
  check = postgresDatabase(dbUrl, { maxConnections: 2 });
});

afterAll(async () => {
  await check?.close();
  await database.drop();
});

type Server = StartedServer;

const startServer = (databaseUrl: string) => startServerOn(databaseUrl);

/** SIGTERM, as a process manager stops it: a clean exit. */
async function stopServer(server: Server): Promise<void> {
  server.process.child.kill('SIGTERM');
  expect(await server.process.exited).toEqual({ code: 0, signal: null });
}

/** A professional in the trial (no quota in the way), signed in over HTTP. */
async function signIn(baseUrl: string): Promise<{ id: string; token: string }> {
  const user = await insertUser(check.db, {
    email: uniqueEmail('pannes'),
    passwordHash: await hashPassword(STRONG_PASSWORD),
    nom: 'Martin',
    prenom: 'Claire',
    role: 'professionnel',
    siret: uniqueSiret(),
    plan: 'essai',
    trialEndsAt: new Date(Date.now() + 15 * 24 * 3600 * 1000),
    emailVerifiedAt: new Date(),
  });
  if (!user) throw new Error('insertUser a échoué');
  const res = await post(baseUrl, '/api/auth/login', { email: user.email, password: STRONG_PASSWORD });
  expect(res.status).toBe(200);
  return { id: user.id, token: ((await res.json()) as { token: string }).token };
}

function post(baseUrl: string, url: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${baseUrl}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
}

/** Creates clients from a few concurrent callers until stopped; keeps the e-mails the server confirmed. */
function clientTraffic(baseUrl: string, token: string) {
  const confirmed: string[] = [];
  let failures = 0;
  let running = true;
  const caller = async () => {
    while (running) {
      const email = uniqueEmail('client');
      try {
        const res = await post(baseUrl, '/api/clients', { nom: 'Atelier Lumière', email }, token);
        if (res.status === 201) confirmed.push(email);
        else failures++;
        await res.arrayBuffer();
      } catch {
        failures++;
      }
    }
  };
  const callers = Array.from({ length: 4 }, caller);
  return {
    confirmed,
    failures: () => failures,
    async stop() {
      running = false;
      await Promise.all(callers);
    },
  };
}

/** Kills every connection three times during client creations, then checks nothing was lost. */
async function dropsAndRecovers(server: Server): Promise<void> {
  const user = await signIn(server.baseUrl);
  const traffic = clientTraffic(server.baseUrl, user.token);
  try {
    let lastKill = 0;
    for (let round = 1; round <= 3; round++) {
      // Ten writes since the last kill: the server holds new connections again, so there is one to kill
      // (counted from the kill, not from the start, or a quick caller would make two kills back to back).
      const since = lastKill;
      await until(`10 clients créés depuis la coupure ${round - 1}`, () =>
        traffic.confirmed.length >= since + 10 ? true : undefined,
      );
      expect(await terminateEveryBackend()).toBeGreaterThan(0);
      lastKill = traffic.confirmed.length;
    }
    // New connections replace the killed ones: writes go through again.
    const afterLastKill = traffic.confirmed.length;
    await until('des clients créés après la dernière coupure', () =>
      traffic.confirmed.length >= afterLastKill + 10 ? true : undefined,
    );
  } finally {
    await traffic.stop();
  }

  expect(server.process.exitedWith()).toBeUndefined();
  expect(await healthStatus(server.baseUrl)).toBe(200);
  expect(server.process.output()).toContain('Connexion PostgreSQL perdue');
  const stored = await check.db
    .select({ email: clients.email })
    .from(clients)
    .where(eq(clients.ownerId, user.id));
  const storedEmails = new Set(stored.map((row) => row.email));
  expect(traffic.confirmed.filter((email) => !storedEmails.has(email))).toEqual([]);

  // The job queue's loops went through the same faults: an e-mail queued now is still delivered.
  const nom = `Panne ${randomUUID().slice(0, 8)}`;
  const contact = await post(server.baseUrl, '/api/contact', {
    nom,
    email: uniqueEmail('visiteur'),
    sujet: 'technique',
    message: 'La base de données a redémarré cette nuit.',
  });
  expect(contact.status).toBe(201);
  await waitForMail(path.join(server.dataDir, 'outbox'), 'support@facturo.localhost', nom, {
    timeoutMs: 60_000,
  });
}

/** Makes the database unreachable through the relay (`cut` or `hold`), then restores it. */
async function unreachableThenBack(server: Server, proxy: TcpProxy, how: 'cut' | 'hold'): Promise<void> {
  expect(await healthStatus(server.baseUrl)).toBe(200);

  if (how === 'cut') await proxy.cut();
  else proxy.hold();
  await until('/api/health répond 503', async () =>
    (await healthStatus(server.baseUrl)) === 503 ? true : undefined,
  );
  expect(server.process.exitedWith()).toBeUndefined();

  await proxy.restore();
  await until('/api/health répond 200', async () =>
    (await healthStatus(server.baseUrl)) === 200 ? true : undefined,
  );
  const user = await signIn(server.baseUrl);
  const res = await post(server.baseUrl, '/api/clients', { nom: 'Retour', email: uniqueEmail() }, user.token);
  expect(res.status).toBe(201);
}

describe('the server on PostgreSQL, under database faults', () => {
  it('survives every connection being terminated mid-traffic, and keeps every confirmed write', async () => {
    const server = await startServer(dbUrl);
    try {
      await dropsAndRecovers(server);
      await stopServer(server);
    } finally {
      server.process.child.kill('SIGKILL');
    }
  }, 300_000);

  it.each([
    ['refuses connections', 'cut'],
    ['stops answering without closing anything', 'hold'],
  ] as const)(
    'answers 503 on /api/health while the database %s, and 200 once it is back',
    async (_, how) => {
      const target = new URL(dbUrl);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const proxied = new URL(dbUrl);
      proxied.hostname = '127.0.0.1';
      proxied.port = String(proxy.port);
      try {
        const server = await startServer(proxied.toString());
        try {
          await unreachableThenBack(server, proxy, how);
          await stopServer(server);
        } finally {
          server.process.child.kill('SIGKILL');
        }
      } finally {
        await proxy.close();
      }
    },
    300_000,
  );
});
