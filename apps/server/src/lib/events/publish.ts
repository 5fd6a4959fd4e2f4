import type { LiveEventData, LiveEventType } from '@facturo/shared';
import { sql } from 'drizzle-orm';
import { liveEvents } from '../../db/schema.js';
import type { DbOrTx } from '../../db/types.js';

/** The channel every replica LISTENs on; its payload is `{"ids":[…]}`, the rows are read from live_events. */
export const LIVE_EVENTS_CHANNEL = 'facturo_live_events';

export interface LiveEvent<T extends LiveEventType = LiveEventType> {
  userId: string;
  type: T;
  data: LiveEventData<T>;
}

/**
 * Announces events to their addressees, inside the caller's transaction: the rows and the NOTIFY commit
 * with the change (PostgreSQL delivers a notification only on commit), so a rolled-back change announces
 * nothing and every replica hears a committed one. The payload carries ids only (NOTIFY payloads are capped
 * at 8,000 bytes); the listener reads the rows, which also serve a reconnecting stream's Last-Event-ID.
 */
export async function publishEvents(tx: DbOrTx, events: readonly LiveEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = await tx
    .insert(liveEvents)
    .values(events.map((e) => ({ userId: e.userId, type: e.type, data: e.data as Record<string, unknown> })))
    .returning({ id: liveEvents.id });
  // 200 ids of at most 19 digits stay well under the payload cap.
  for (let i = 0; i < rows.length; i += 200) {
    const ids = rows.slice(i, i + 200).map((r) => Number(r.id));
    await tx.execute(sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${JSON.stringify({ ids })})`);
  }
}
