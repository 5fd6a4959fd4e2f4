import {
  LIVE_EVENT_TYPES,
  LIVE_EVENTS_HEARTBEAT_MS,
  type LiveEventData,
  type LiveEventType,
  liveEventDataSchemas,
} from '@facturo/shared';
import { EventStreamContentType, fetchEventSource } from '@microsoft/fetch-event-source';
import { failSilentBodies } from './stream-silence';

/*
 * The app's one event stream (issue 14): GET /api/events as Server-Sent Events. The browser's EventSource
 * cannot send the bearer header, hence fetch-event-source; it resumes with Last-Event-ID on its own after
 * a cut (it remembers the last `id:` and sends it on the next attempt). A stream that misses three of the
 * server's heartbeats is taken for a connection cut without a word, and reopened the same way.
 */

/** Three heartbeats missed: the connection is dead even if the socket never said so. */
export const SILENCE_LIMIT_MS = 3 * LIVE_EVENTS_HEARTBEAT_MS;

export type LiveEvent = {
  [T in LiveEventType]: { type: T; data: LiveEventData<T> };
}[LiveEventType];

interface LiveEventsOptions {
  token: string;
  onEvent: (event: LiveEvent) => void;
  /** Each (re)connection: what was missed beyond the server's resume window is re-read by the caller. */
  onOpen: (reconnected: boolean) => void;
  /** The token was refused: the session is over, retrying would only repeat the 401. */
  onUnauthorized: () => void;
  /** The account was suspended (403 account_banned): the session is over too, for that reason. */
  onBanned?: () => void;
  /** The browser's fetch unless a test gives its own. */
  fetch?: typeof fetch;
  /** How long the stream may stay silent before it is reopened (tests shorten it). */
  silenceLimitMs?: number;
}

/**
 * Back-off after failed attempts: the first retry waits what the server's `retry:` said (undefined lets the
 * library use it), later ones 2 s, 4 s… up to 30 s, so a restarting server is not hammered.
 */
export function retryDelayMs(failures: number): number | undefined {
  if (failures <= 1) return undefined;
  return Math.min(30_000, 1_000 * 2 ** (failures - 1));
}

class UnauthorizedError extends Error {}
class BannedError extends Error {}
class RetriableError extends Error {}

const isLiveEventType = (type: string): type is LiveEventType =>
  (LIVE_EVENT_TYPES as readonly string[]).includes(type);

/** A frame of the stream as a typed event, or null for what this version does not know (ignored). */
export function parseLiveEvent(type: string, data: string): LiveEvent | null {
  if (!isLiveEventType(type)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = liveEventDataSchemas[type].safeParse(json);
  return parsed.success ? ({ type, data: parsed.data } as LiveEvent) : null;
}

/** Opens the stream; the returned function closes it for good (sign-out, another account). */
export function connectLiveEvents({
  token,
  onEvent,
  onOpen,
  onUnauthorized,
  onBanned = onUnauthorized,
  fetch = (input, init) => globalThis.fetch(input, init),
  silenceLimitMs = SILENCE_LIMIT_MS,
}: LiveEventsOptions): () => void {
  const controller = new AbortController();
  let opened = false;
  let failures = 0;

  void fetchEventSource('/api/events', {
    signal: controller.signal,
    headers: { Authorization: `Bearer ${token}` },
    fetch: failSilentBodies(fetch, silenceLimitMs),
    // One stream per signed-in tab, hidden or not: the badge of a background tab stays true.
    openWhenHidden: true,
    async onopen(response) {
      if (response.status === 401) throw new UnauthorizedError();
      // A ban answers 403 (plugins/authenticate): retrying would only repeat it.
      if (response.status === 403) throw new BannedError();
      const type = response.headers.get('content-type') ?? '';
      if (!response.ok || !type.startsWith(EventStreamContentType)) throw new RetriableError();
      failures = 0;
      onOpen(opened);
      opened = true;
    },
    onmessage(message) {
      const event = parseLiveEvent(message.event, message.data);
      if (event) onEvent(event);
    },
    onclose() {
      // The server ended the stream (restart, deploy): reconnect, resuming from the last id. A silent
      // stream fails instead (SilentStreamError) and reaches onerror, which reconnects the same way.
      throw new RetriableError();
    },
    onerror(error) {
      if (error instanceof UnauthorizedError) {
        onUnauthorized();
        throw error;
      }
      if (error instanceof BannedError) {
        onBanned();
        throw error;
      }
      failures += 1;
      return retryDelayMs(failures);
    },
  }).catch(() => {
    // Stopped on purpose (abort, 401): nothing left to do.
  });

  return () => controller.abort();
}
