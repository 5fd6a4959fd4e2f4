import { LIVE_EVENT_TYPES, type LiveEventType } from '@facturo/shared';
import { and, asc, eq, gt, inArray, lt, max, or, sql } from 'drizzle-orm';
import { liveEvents } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';
import { HOUR_MS } from '../clock.js';

/** One announced event as the stream sends it. */
export interface LiveEventRow {
  id: number;
  userId: string;
  type: LiveEventType;
  data: Record<string, unknown>;
}

/** Rows read per query when a stream resumes or the listener catches up. */
export const REPLAY_LIMIT = 500;

/** Long enough for a tab that lost its connection to resume; the maintenance job purges the rest. */
export const LIVE_EVENTS_RETENTION_MS = HOUR_MS;

const columns = {
  id: liveEvents.id,
  userId: liveEvents.userId,
  type: liveEvents.type,
  data: liveEvents.data,
};

function known(rows: { id: number; userId: string; type: string; data: Record<string, unknown> }[]) {
  // A type written by a newer release during a rollout is not sent to a client that cannot read it.
  return rows.filter((row): row is LiveEventRow =>
    (LIVE_EVENT_TYPES as readonly string[]).includes(row.type),
  );
}

/** The announced rows that are addressed to someone listening here. */
export async function eventsByIds(
  db: DbOrTx,
  ids: readonly number[],
  userIds: readonly string[],
): Promise<LiveEventRow[]> {
  if (ids.length === 0 || userIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(and(inArray(liveEvents.id, [...ids]), inArray(liveEvents.userId, [...userIds])))
    .orderBy(asc(liveEvents.id));
  return known(rows);
}

/** What these users were sent after `afterId`: a Last-Event-ID resume, or the listener's catch-up. */
export async function eventsSince(
  db: DbOrTx,
  userIds: readonly string[],
  afterId: number,
  limit = REPLAY_LIMIT,
): Promise<LiveEventRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(and(inArray(liveEvents.userId, [...userIds]), gt(liveEvents.id, afterId)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return known(rows);
}

/**
 * A transaction that takes its event id, then commits after a later one, leaves an id below what streams
 * have already been sent: a catch-up after a lost listener connection reads those too when they are
 * recent. This is how far back "recent" reaches, well beyond any transaction of ours.
 */
export const LATE_COMMIT_WINDOW_MS = 2 * 60_000;

/**
 * The listener's catch-up: every row after `afterId` (what no stream was sent yet), and, above `floor`
 * (what the streams opened after), the rows written within LATE_COMMIT_WINDOW_MS, which a transaction
 * committed out of id order may have left below `afterId`. Paged by id from `from`.
 */
export async function eventsToCatchUp(
  db: DbOrTx,
  userIds: readonly string[],
  bounds: { afterId: number; floor: number; from: number },
  limit = REPLAY_LIMIT,
): Promise<LiveEventRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select(columns)
    .from(liveEvents)
    .where(
      and(
        inArray(liveEvents.userId, [...userIds]),
        gt(liveEvents.id, Math.max(bounds.from, bounds.floor)),
        or(
          gt(liveEvents.id, bounds.afterId),
          gt(liveEvents.createdAt, sql`now() - make_interval(secs => ${LATE_COMMIT_WINDOW_MS / 1000})`),
        ),
      ),
    )
    .orderBy(asc(liveEvents.id))
    .limit(limit);
  return known(rows);
}

/** The newest event of a user (0 when none): where a fresh stream starts. */
export async function lastEventId(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(liveEvents.id) })
    .from(liveEvents)
    .where(eq(liveEvents.userId, userId));
  return Number(row?.id ?? 0);
}

/** Run by the jobs' maintenance: a stream cannot resume from further back than the retention. */
export async function purgeLiveEvents(db: DbOrTx, now: Date): Promise<void> {
  await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - LIVE_EVENTS_RETENTION_MS)));
}
