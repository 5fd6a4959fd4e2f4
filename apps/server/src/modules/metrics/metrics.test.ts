import type { RealtimeMetrics } from '@facturo/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { replicaHeartbeats } from '../../db/schema.js';
import { signedInUser } from '../../test/factories.js';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { HEARTBEAT_INTERVAL_MS, Heartbeat } from './heartbeat.js';
import { ReplicaMetrics } from './replica-metrics.js';

const METRICS_TOKEN = 'jeton-de-metriques-0123456789';
const silent = pino({ level: 'silent' });

let t: TestApp;
/** A second instance of the app on the same database, as a second replica would be. */
let second: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  second = await buildApp({
    config: { ...t.config, metricsToken: METRICS_TOKEN },
    database: t.database,
    mail: { enqueue: async () => {}, wake: () => {} },
    messageNotices: { scheduleMessageNotice: async () => {} },
    logger: false,
    queueSchema: t.jobsSchema,
  });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

describe('GET /metrics', () => {
  it('serves Prometheus metrics without a token when METRICS_TOKEN is not set', async () => {
    await t.request({ method: 'GET', url: '/api/health' });
    const res = await t.request({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('# TYPE facturo_http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /facturo_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} \d+/,
    );
    expect(res.body).toContain('process_resident_memory_bytes');
  });

  it('answers only the bearer of METRICS_TOKEN when it is set', async () => {
    const ask = (authorization?: string) =>
      second.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
    for (const refused of [await ask(), await ask('Bearer mauvais-jeton'), await ask(METRICS_TOKEN)]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        errorType: 'unauthorized',
        message: 'Jeton de métriques absent ou invalide.',
      });
    }
    const res = await ask(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('facturo_http_request_duration_seconds');
  });
});

describe('GET /api/admin/metrics/realtime', () => {
  let adminToken: string;
  beforeAll(async () => {
    adminToken = (await signedInUser(t, { email: t.config.adminEmails[0], isAdmin: true })).token;
  });
  const realtime = async () => {
    const res = await t.request({ method: 'GET', url: '/api/admin/metrics/realtime', token: adminToken });
    expect(res.statusCode).toBe(200);
    return res.json<RealtimeMetrics>();
  };

  it('sums the heartbeats of every replica on the database', async () => {
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url: '/api/health' });
    for (let i = 0; i < 2; i++) await second.inject({ method: 'GET', url: '/api/health' });
    const first = new Heartbeat(t.database.db, t.app.replicaMetrics, silent);
    const other = new Heartbeat(t.database.db, second.replicaMetrics, silent);
    await first.beat();
    await other.beat();

    const metrics = await realtime();
    const ids = [t.app.replicaMetrics.replicaId, second.replicaMetrics.replicaId];
    const mine = metrics.replicas.filter((r) => ids.includes(r.replicaId));
    expect(mine.map((r) => r.replicaId).sort()).toEqual([...ids].sort());
    for (const replica of mine) {
      expect(replica.requetesParMinute).toBeGreaterThanOrEqual(2);
      expect(replica.p95Ms).not.toBeNull();
      expect(replica.rssBytes).toBeGreaterThan(0);
      expect(replica.uptimeSeconds).toBeGreaterThanOrEqual(0);
      // PGlite has no pool; node-postgres reports its own.
      if (t.database.kind === 'postgres') expect(replica.pool?.total).toBeGreaterThan(0);
      else expect(replica.pool).toBeNull();
    }
    const sum = mine.reduce((n, r) => n + r.requetesParMinute, 0);
    expect(metrics.requetesParMinute).toBeGreaterThanOrEqual(sum);
    expect(metrics.p95Ms).not.toBeNull();
    expect(metrics.tauxErreur).toBeGreaterThanOrEqual(0);
    // The admin asking is an active user.
    expect(metrics.utilisateursActifs.cinqMinutes).toBeGreaterThanOrEqual(1);
    expect(metrics.utilisateursActifs.quinzeMinutes).toBeGreaterThanOrEqual(
      metrics.utilisateursActifs.cinqMinutes,
    );

    // A replica that stops leaves the view at once; one silent for more than 30 s is not counted.
    await other.stop();
    await t.database.db
      .update(replicaHeartbeats)
      .set({ seenAt: sql`now() - interval '45 seconds'` })
      .where(eq(replicaHeartbeats.replicaId, t.app.replicaMetrics.replicaId));
    const later = (await realtime()).replicas.map((r) => r.replicaId);
    expect(later).not.toContain(second.replicaMetrics.replicaId);
    expect(later).not.toContain(t.app.replicaMetrics.replicaId);
    await first.beat();
    expect((await realtime()).replicas.map((r) => r.replicaId)).toContain(t.app.replicaMetrics.replicaId);
  });

  it('the cluster figures are those of the live replicas added up: requests, 5xx rate', async () => {
    // A replica that answered 4 requests in the last minute, one of them a 503.
    const busy = new ReplicaMetrics();
    for (const status of [200, 200, 404, 503]) busy.observe('GET', '/api/factures', status, 12);
    const heartbeat = new Heartbeat(t.database.db, busy, silent);
    await heartbeat.beat();
    try {
      const metrics = await realtime();
      const row = metrics.replicas.find((r) => r.replicaId === busy.replicaId);
      expect(row).toMatchObject({ requetesParMinute: 4, erreursParMinute: 1 });
      const requests = metrics.replicas.reduce((n, r) => n + r.requetesParMinute, 0);
      const errors = metrics.replicas.reduce((n, r) => n + r.erreursParMinute, 0);
      expect(metrics.requetesParMinute).toBe(requests);
      expect(metrics.tauxErreur).toBe(Math.round((errors / requests) * 1000) / 10);
    } finally {
      await heartbeat.stop();
    }
  });

  it('a replica writes its row as it starts, then every 10 s, and removes it as it stops', async () => {
    const replica = new ReplicaMetrics();
    const heartbeat = new Heartbeat(t.database.db, replica, silent);
    const beats = vi.spyOn(heartbeat, 'beat');
    const seenAt = async () =>
      (
        await t.database.db
          .select({ at: replicaHeartbeats.seenAt })
          .from(replicaHeartbeats)
          .where(eq(replicaHeartbeats.replicaId, replica.replicaId))
      )[0]?.at;
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      heartbeat.start();
      expect(beats).toHaveBeenCalledTimes(1);
      // Each beat's own promise is awaited: no polling (vi.waitUntil would move the fake clock on).
      await beats.mock.results[0]?.value;
      expect(await seenAt()).toBeInstanceOf(Date);
      // Aged by hand, so the next beat shows as a fresher row.
      await t.database.db
        .update(replicaHeartbeats)
        .set({ seenAt: sql`now() - interval '20 seconds'` })
        .where(eq(replicaHeartbeats.replicaId, replica.replicaId));
      const aged = (await seenAt())?.getTime() ?? 0;
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS - 1);
      expect(beats).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(1);
      expect(beats).toHaveBeenCalledTimes(2);
      await beats.mock.results[1]?.value;
      expect((await seenAt())?.getTime()).toBeGreaterThan(aged);
      vi.advanceTimersByTime(HEARTBEAT_INTERVAL_MS);
      expect(beats).toHaveBeenCalledTimes(3);
      await beats.mock.results[2]?.value;
    } finally {
      vi.useRealTimers();
    }
    await heartbeat.stop();
    expect(await seenAt()).toBeUndefined();
  });

  it('reads the mail queue from pg-boss: e-mails waiting and those that failed in 24 h', async () => {
    const before = (await realtime()).emails;
    const job = sql.identifier(t.jobsSchema);
    // One due in an hour (waiting, not picked up now), one failed for good: nothing a worker will touch.
    await t.database.db.execute(
      sql`insert into ${job}.job (name, data, start_after) values ('mail', '{}'::jsonb, now() + interval '1 hour')`,
    );
    await t.database.db.execute(
      sql`insert into ${job}.job (name, data, state, retry_count, completed_on) values ('mail', '{}'::jsonb, 'failed', 10, now())`,
    );
    const after = (await realtime()).emails;
    expect(after.enAttente).toBe(before.enAttente + 1);
    expect(after.echecs24h).toBe(before.echecs24h + 1);
  });

  it('is refused to a non-admin', async () => {
    const { token } = await signedInUser(t);
    const res = await t.request({ method: 'GET', url: '/api/admin/metrics/realtime', token });
    expect(res.statusCode).toBe(403);
  });
});
