import type { RealtimeMetrics, ReplicaMetrics } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { replicaHeartbeats, users } from '../../db/schema.js';
import { heartbeatStatsSchema } from '../metrics/heartbeat-stats.js';
import { mergeBuckets, quantileMs } from '../metrics/latency-histogram.js';

/** A replica whose last heartbeat (every 10 s) is older than this is no longer counted. */
const FRESH_SECONDS = 30;
const MAIL_QUEUE = 'mail';

const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * The whole cluster's figures: every live replica's heartbeat summed (p95 from the merged latency
 * histograms), active users from lastSeenAt, and the mail queue from pg-boss's own tables.
 */
export async function realtimeMetrics(ctx: AppContext): Promise<RealtimeMetrics> {
  const [replicas, active, mail] = await Promise.all([liveReplicas(ctx), activeUsers(ctx), mailQueue(ctx)]);
  const requests = replicas.reduce((sum, r) => sum + r.stats.requests, 0);
  const errors = replicas.reduce((sum, r) => sum + r.stats.errors, 0);
  return {
    genereLe: ctx.clock.now().toISOString(),
    requetesParMinute: requests,
    tauxErreur: requests === 0 ? 0 : round1((errors / requests) * 100),
    p95Ms: quantileMs(mergeBuckets(replicas.map((r) => r.stats.buckets)), 0.95),
    utilisateursActifs: active,
    emails: mail,
    replicas: replicas.map((r) => r.view),
  };
}

async function liveReplicas(ctx: AppContext) {
  const rows = await ctx.db
    .select()
    .from(replicaHeartbeats)
    .where(sql`${replicaHeartbeats.seenAt} > now() - make_interval(secs => ${FRESH_SECONDS})`)
    .orderBy(replicaHeartbeats.startedAt);
  return rows.flatMap((row) => {
    // A row written by another version of the server is skipped rather than breaking the view.
    const parsed = heartbeatStatsSchema.safeParse(row.stats);
    if (!parsed.success) return [];
    const stats = parsed.data;
    const view: ReplicaMetrics = {
      replicaId: row.replicaId,
      hostname: row.hostname,
      pid: row.pid,
      uptimeSeconds: stats.uptimeSeconds,
      rssBytes: stats.rssBytes,
      heapUsedBytes: stats.heapUsedBytes,
      requetesParMinute: stats.requests,
      erreursParMinute: stats.errors,
      p95Ms: stats.p95Ms,
      pool: stats.pool,
      vuLe: row.seenAt.toISOString(),
    };
    return [{ stats, view }];
  });
}

/** Accounts seen (an authenticated request) in the last 5 and 15 minutes; closed accounts excluded. */
async function activeUsers(ctx: AppContext) {
  const now = ctx.clock.now().getTime();
  const since = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
  const [row] = await ctx.db
    .select({
      cinqMinutes: sql<number>`count(*) filter (where ${users.lastSeenAt} > ${since(5)}::timestamptz)::int`,
      quinzeMinutes: sql<number>`count(*) filter (where ${users.lastSeenAt} > ${since(15)}::timestamptz)::int`,
    })
    .from(users)
    .where(sql`${users.deletedAt} is null`);
  return { cinqMinutes: row?.cinqMinutes ?? 0, quinzeMinutes: row?.quinzeMinutes ?? 0 };
}

/**
 * E-mails waiting (created, to retry, being sent) and those of the last 24 h that failed at least once
 * (a retry pending or given up), in the live table and in pg-boss's archive.
 */
async function mailQueue(ctx: AppContext) {
  const schema = sql.identifier(ctx.queueSchema);
  const waiting = await ctx.db.execute(sql`
    select count(*)::int as n from ${schema}.job
    where name = ${MAIL_QUEUE} and state in ('created', 'retry', 'active')`);
  const failed = await ctx.db.execute(sql`
    select count(*)::int as n from (
      select 1 from ${schema}.job
      where name = ${MAIL_QUEUE} and created_on > now() - interval '24 hours'
        and (state = 'failed' or retry_count > 0)
      union all
      select 1 from ${schema}.archive
      where name = ${MAIL_QUEUE} and created_on > now() - interval '24 hours'
        and (state = 'failed' or retry_count > 0)
    ) as failures`);
  return { enAttente: countOf(waiting), echecs24h: countOf(failed) };
}

/** Both drivers answer `{ rows }`; the count is cast ::int in SQL (node-postgres returns bigint as text). */
function countOf(result: unknown): number {
  const rows = (result as { rows?: { n?: unknown }[] }).rows;
  return Number(rows?.[0]?.n ?? 0);
}
