import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/types.js';
import { listen } from './listener.js';
import { LiveEventHub } from './live-event-hub.js';
import { LIVE_EVENTS_CHANNEL } from './publish.js';

/** This replica's side of the live events: the hub its streams subscribe to, fed by the listener. */
export interface LiveEvents {
  hub: LiveEventHub;
  stop(): Promise<void>;
}

export async function startLiveEvents(database: Database, log: FastifyBaseLogger): Promise<LiveEvents> {
  const hub = new LiveEventHub(database.db, log);
  const listener = await listen(
    database.notifications,
    LIVE_EVENTS_CHANNEL,
    { onPayload: (payload) => hub.announce(payload), onListening: () => hub.catchUp() },
    log,
  );
  return {
    hub,
    async stop() {
      await listener.stop();
      hub.close();
    },
  };
}
