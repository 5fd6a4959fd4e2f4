import { PassThrough } from 'node:stream';
import { LIVE_EVENTS_HEARTBEAT_MS } from '@facturo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { authenticate, currentUser } from '../../plugins/authenticate.js';
import { AppError } from '../errors.js';
import type { LiveEventHub } from './live-event-hub.js';
import type { LiveEventRow } from './live-events.repo.js';

/** How long a client waits before reconnecting (the SSE `retry:` field). */
export const RECONNECT_AFTER_MS = 3_000;
/**
 * A comment this often keeps proxies, load balancers and the server's own idle timeout from closing, and
 * tells the client the stream is alive (it reconnects after three missed: lib/live-events.ts).
 */
export const HEARTBEAT_MS = LIVE_EVENTS_HEARTBEAT_MS;
/** Streams of one user on one replica: a tab each is plenty; more is a client stuck in a loop. */
export const MAX_STREAMS_PER_USER = 20;
/** A client that reads nothing while this much piles up is dropped; it resumes with Last-Event-ID. */
const MAX_BUFFERED_BYTES = 1_048_576;

export interface EventsRouteOptions {
  heartbeatMs: number;
}

/**
 * GET /events: the signed-in user's live events as Server-Sent Events. The bearer header
 * authenticates it like any call (the web's client is fetch-based, so no token in the URL). Each event
 * carries its live_events id; a client reconnecting with Last-Event-ID first gets what it missed.
 */
export function eventsRoutes(
  ctx: AppContext,
  hub: LiveEventHub,
  options: EventsRouteOptions,
): FastifyPluginAsyncZod {
  return async (app) => {
    const open = new Set<() => void>();
    // app.close() waits for open connections: the streams end first, and clients reconnect elsewhere.
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });
    app.addHook('onRequest', authenticate(ctx));

    // Compression would hold events in the compressor's buffer. @fastify/compress's default types
    // already leave text/event-stream alone; compress: false keeps it so whatever that rule becomes.
    app.get(
      '/events',
      {
        compress: false,
        schema: {
          description:
            'Événements en direct de l’utilisateur connecté (Server-Sent Events) : id, event (type) et data (JSON) ; reprise avec Last-Event-ID.',
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (hub.subscriberCount(user.id) >= MAX_STREAMS_PER_USER) {
          throw new AppError(
            429,
            'rate_limited',
            'Trop de connexions ouvertes. Fermez des onglets et réessayez.',
          );
        }
        const stream = new PassThrough();
        let heartbeat: NodeJS.Timeout | undefined;
        let unsubscribe: (() => void) | undefined;
        let ended = false;
        const end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          unsubscribe?.();
          open.delete(end);
          stream.end();
        };
        const write = (text: string) => {
          if (ended || stream.destroyed) return;
          if (stream.writableLength > MAX_BUFFERED_BYTES) return end();
          stream.write(text);
        };
        open.add(end);
        reply.raw.on('close', end);
        write(`retry: ${RECONNECT_AFTER_MS}\n\n`);
        try {
          unsubscribe = await hub.subscribe(user.id, resumeAfter(request.headers['last-event-id']), (event) =>
            write(formatEvent(event)),
          );
        } catch (error) {
          end();
          throw error;
        }
        // The client may have gone while the resume was read: end() ran before there was anything to stop.
        if (ended) unsubscribe();
        else heartbeat = setInterval(() => write(': ping\n\n'), options.heartbeatMs);
        return (
          reply
            .header('content-type', 'text/event-stream; charset=utf-8')
            .header('cache-control', 'no-cache, no-transform')
            // nginx (and proxies that honour it) pass each event on at once instead of buffering.
            .header('x-accel-buffering', 'no')
            .send(stream)
        );
      },
    );
  };
}

/** One event: its id for Last-Event-ID, its type as the SSE event name, its data as JSON. */
export function formatEvent(event: LiveEventRow): string {
  return `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** A Last-Event-ID we issued is a positive integer; anything else starts afresh. */
function resumeAfter(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}
