import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/types.js';
import {
  eventsByIds,
  eventsSince,
  eventsToCatchUp,
  type LiveEventRow,
  lastEventId,
  REPLAY_LIMIT,
} from './live-events.repo.js';

/** Ids already sent on one stream, so a catch-up or a resume never sends an event twice. */
const REMEMBERED_IDS = 1_000;
/** After a failed read, the missed rows are fetched again this much later. */
const RETRY_READ_MS = 1_000;

class Subscriber {
  /** The highest id sent: a catch-up reads from there. */
  cursor = 0;
  /** Where the stream started (its Last-Event-ID, or the newest id when it opened): nothing below is sent. */
  floor = 0;
  private readonly sent = new Set<number>();
  /** Events heard while the resume is still being read, sent after it so the order holds. */
  private pending: LiveEventRow[] | null = [];

  constructor(
    readonly userId: string,
    private readonly send: (event: LiveEventRow) => void,
  ) {}

  offer(event: LiveEventRow): void {
    if (this.sent.has(event.id)) return;
    this.sent.add(event.id);
    if (this.sent.size > REMEMBERED_IDS) {
      const oldest = this.sent.values().next().value;
      if (oldest !== undefined) this.sent.delete(oldest);
    }
    this.cursor = Math.max(this.cursor, event.id);
    if (this.pending) this.pending.push(event);
    else this.send(event);
  }

  /** The resume is written: what arrived meanwhile follows, in id order. */
  open(): void {
    const pending = (this.pending ?? []).sort((a, b) => a.id - b.id);
    this.pending = null;
    for (const event of pending) this.send(event);
  }
}

/**
 * This replica's subscribers (one per open event stream), by user. The listener hands it the ids of
 * every NOTIFY; it reads the rows addressed to users connected here and passes each to their streams.
 * Reads run one after the other, so events leave in the order they were announced.
 */
export class LiveEventHub {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private queue: Promise<void> = Promise.resolve();
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  /**
   * Starts a stream for `userId`: with `resumeAfter` (a Last-Event-ID) it first gets what was sent
   * after that id, otherwise only what comes next. Returns the unsubscribe function.
   */
  async subscribe(
    userId: string,
    resumeAfter: number | null,
    send: (event: LiveEventRow) => void,
  ): Promise<() => void> {
    const subscriber = new Subscriber(userId, send);
    // Listening first, reading second: an event committed in between is heard, or read, or both
    // (sent once), never neither.
    const set = this.byUser.get(userId) ?? new Set<Subscriber>();
    set.add(subscriber);
    this.byUser.set(userId, set);
    const unsubscribe = () => {
      set.delete(subscriber);
      if (set.size === 0 && this.byUser.get(userId) === set) this.byUser.delete(userId);
    };
    try {
      if (resumeAfter === null) {
        subscriber.floor = await lastEventId(this.db, userId);
        subscriber.cursor = Math.max(subscriber.cursor, subscriber.floor);
      } else {
        subscriber.floor = resumeAfter;
        subscriber.cursor = Math.max(subscriber.cursor, resumeAfter);
        await this.readSince([userId], resumeAfter, (event) => subscriber.offer(event));
      }
    } catch (error) {
      unsubscribe();
      throw error;
    }
    subscriber.open();
    return unsubscribe;
  }

  /** Open streams on this replica, of one user or of all. */
  subscriberCount(userId?: string): number {
    if (userId !== undefined) return this.byUser.get(userId)?.size ?? 0;
    let count = 0;
    for (const set of this.byUser.values()) count += set.size;
    return count;
  }

  /** A NOTIFY payload: `{"ids":[…]}` (see publish.ts). */
  announce(payload: string): void {
    const ids = parseIds(payload);
    if (ids.length === 0) return;
    this.enqueue(async () => {
      const users = [...this.byUser.keys()];
      for (const event of await eventsByIds(this.db, ids, users)) this.dispatch(event, false);
    });
  }

  /**
   * After the listener (re)connected: notifications sent while it was away are lost, so every connected
   * user's rows after its streams' cursors are read instead, and the recent ones above where the streams
   * started (a transaction that committed out of id order; offer() drops what was already sent).
   */
  catchUp(): void {
    this.enqueue(async () => {
      const users = [...this.byUser.keys()];
      if (users.length === 0) return;
      let afterId = Number.POSITIVE_INFINITY;
      let floor = Number.POSITIVE_INFINITY;
      for (const set of this.byUser.values()) {
        for (const s of set) {
          afterId = Math.min(afterId, s.cursor);
          floor = Math.min(floor, s.floor);
        }
      }
      let from = floor;
      for (;;) {
        const events = await eventsToCatchUp(this.db, users, { afterId, floor, from });
        for (const event of events) this.dispatch(event, true);
        const last = events.at(-1);
        if (!last || events.length < REPLAY_LIMIT) return;
        from = last.id;
      }
    });
  }

  /** Every row of these users after `afterId`, page by page (an hour's worth at most: see the purge). */
  private async readSince(
    userIds: readonly string[],
    afterId: number,
    each: (event: LiveEventRow) => void,
  ): Promise<void> {
    let from = afterId;
    for (;;) {
      const events = await eventsSince(this.db, userIds, from);
      for (const event of events) each(event);
      const last = events.at(-1);
      if (!last || events.length < REPLAY_LIMIT) return;
      from = last.id;
    }
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.byUser.clear();
  }

  /**
   * An announced event is new whatever its id (transactions commit out of id order); a caught-up one
   * only above where the stream started, since below lie events from before it opened. offer() drops
   * the ids a stream was already sent.
   */
  private dispatch(event: LiveEventRow, caughtUp: boolean): void {
    for (const subscriber of this.byUser.get(event.userId) ?? []) {
      if (!caughtUp || event.id > subscriber.floor) subscriber.offer(event);
    }
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return;
      try {
        await work();
      } catch (error) {
        // The rows are still there: a catch-up a moment later sends what this read would have.
        this.log.warn({ err: error }, 'Lecture des événements en direct impossible');
        if (!this.retry && !this.closed) {
          this.retry = setTimeout(() => {
            this.retry = null;
            this.catchUp();
          }, RETRY_READ_MS);
          this.retry.unref();
        }
      }
    });
  }
}

function parseIds(payload: string): number[] {
  try {
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null || !('ids' in parsed)) return [];
    const { ids } = parsed as { ids: unknown };
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}
