import { until } from '../../test/server-process.js';

/** One event as a Server-Sent Events client parses it. */
export interface ReceivedEvent {
  id: string;
  event: string;
  data: unknown;
}

/** A GET /api/events held open by a real HTTP client, its events parsed as they arrive. */
export interface EventStream {
  status: number;
  headers: Headers;
  /** Everything received so far, comments and fields as sent. */
  text(): string;
  events: ReceivedEvent[];
  /** Waits until an event matches (polled every 100 ms, no fixed sleep); fails after `timeoutMs`. */
  waitFor(what: string, match: (event: ReceivedEvent) => boolean, timeoutMs?: number): Promise<ReceivedEvent>;
  close(): void;
  /** Resolves when the server ended the response (or the connection dropped). */
  ended: Promise<void>;
}

export async function openEventStream(
  baseUrl: string,
  options: { token?: string; lastEventId?: string; acceptEncoding?: string } = {},
): Promise<EventStream> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  if (options.acceptEncoding) headers['accept-encoding'] = options.acceptEncoding;
  const res = await fetch(`${baseUrl}/api/events`, { headers, signal: abort.signal });
  let received = '';
  const events: ReceivedEvent[] = [];
  const parse = () => {
    for (;;) {
      const end = received.indexOf('\n\n', parsedUpTo);
      if (end < 0) return;
      const block = received.slice(parsedUpTo, end);
      parsedUpTo = end + 2;
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        fields.set(line.slice(0, colon), line.slice(colon + 1).replace(/^ /, ''));
      }
      const data = fields.get('data');
      if (data !== undefined) {
        events.push({
          id: fields.get('id') ?? '',
          event: fields.get('event') ?? 'message',
          data: JSON.parse(data),
        });
      }
    }
  };
  let parsedUpTo = 0;
  const ended = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) {
        received += decoder.decode(chunk as Uint8Array, { stream: true });
        parse();
      }
    } catch {
      // Aborted by close(), or the connection dropped: either way the stream is over.
    }
  })();
  return {
    status: res.status,
    headers: res.headers,
    text: () => received,
    events,
    waitFor: (what, match, timeoutMs = 10_000) => until(what, () => events.find(match), timeoutMs),
    close: () => abort.abort(),
    ended,
  };
}
