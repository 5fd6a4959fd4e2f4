import type { RealtimeMetrics } from '@facturo/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresDatabase } from '../../db/postgres.js';
import type { Database } from '../../db/types.js';
import { hashPassword } from '../../lib/password-hash.js';
import { STRONG_PASSWORD, uniqueEmail } from '../../test/factories.js';
import { ownPostgresDatabase } from '../../test/own-postgres-database.js';
import { type StartedServer, startServerOn, until } from '../../test/server-process.js';
import { insertUser } from '../users/users.repo.js';

/**
 * Two real server processes (main.ts: heartbeat started at launch, removed at the stop) on one
 * PostgreSQL database of their own, as two replicas behind a load balancer.
 */
const database = ownPostgresDatabase('replicas');
const dbUrl = database.url;
const METRICS_TOKEN = 'jeton-de-metriques-0123456789';
const ADMIN = uniqueEmail('admin');

type Replica = StartedServer;

const startReplica = () =>
  startServerOn(dbUrl, {
    ADMIN_EMAIL: ADMIN,
    METRICS_TOKEN,
    JWT_SECRET: 'secret-partage-des-repliques-0123456789',
  });

let check: Database;
const replicas: Replica[] = [];

beforeAll(async () => {
  await database.create();
  // The first replica migrates; the second starts on the migrated database (as a rollout would).
  replicas.push(await startReplica());
  replicas.push(await startReplica());
  check = postgresDatabase(dbUrl, { maxConnections: 2 });
}, 240_000);

afterAll(async () => {
  for (const replica of replicas) replica.process.child.kill('SIGKILL');
  await check?.close();
  await database.drop();
});

async function adminToken(baseUrl: string): Promise<string> {
  await insertUser(check.db, {
    email: ADMIN,
    passwordHash: await hashPassword(STRONG_PASSWORD),
    nom: 'Admin',
    prenom: 'Ada',
    role: 'particulier',
    isAdmin: true,
    emailVerifiedAt: new Date(),
  });
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN, password: STRONG_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('two replicas on one database', () => {
  it('each serves /metrics to the bearer of METRICS_TOKEN only', async () => {
    for (const { baseUrl } of replicas) {
      expect((await fetch(`${baseUrl}/metrics`)).status).toBe(401);
      const res = await fetch(`${baseUrl}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(body).toContain('facturo_http_request_duration_seconds_bucket');
      expect(body).toMatch(/facturo_db_pool_connections\{state="total"\} \d+/);
    }
  });

  it('both appear in the realtime metrics, whichever replica answers, and a stopped one leaves', async () => {
    const [a, b] = replicas;
    if (!a || !b) throw new Error('deux répliques attendues');
    const token = await adminToken(a.baseUrl);
    const realtime = async (replica: Replica) => {
      const res = await fetch(`${replica.baseUrl}/api/admin/metrics/realtime`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as RealtimeMetrics;
    };
    // Each replica wrote its first heartbeat as it started.
    for (const replica of [a, b]) {
      const metrics = await realtime(replica);
      expect(metrics.replicas).toHaveLength(2);
      expect(new Set(metrics.replicas.map((r) => r.pid)).size).toBe(2);
      for (const r of metrics.replicas) {
        expect(r.rssBytes).toBeGreaterThan(0);
        expect(r.pool).not.toBeNull();
      }
      expect(metrics.utilisateursActifs.cinqMinutes).toBe(1);
    }

    b.process.child.kill('SIGTERM');
    expect(await b.process.exited).toEqual({ code: 0, signal: null });
    await until('la réplique arrêtée quitte la vue', async () =>
      (await realtime(a)).replicas.length === 1 ? true : undefined,
    );
    expect((await realtime(a)).replicas.map((r) => r.pid)).toEqual([a.process.child.pid]);
  });
});
