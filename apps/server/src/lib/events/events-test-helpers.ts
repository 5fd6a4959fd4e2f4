import http from 'node:http';
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
  /** Drops the connection, as a closed tab does. */
  close(): void;
  /** Resolves when the server ended the response (or the connection dropped). */
  ended: Promise<void>;
}

/**
 * Opens the stream on a connection of its own (node:http without an agent): closing it closes that
 * socket, and no pooled or pre-opened connection is left to hold the server's close.
 */
export async function openEventStream(
  baseUrl: string,
  options: { token?: string; lastEventId?: string; acceptEncoding?: string } = {},
): Promise<EventStream> {
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  if (options.acceptEncoding) headers['accept-encoding'] = options.acceptEncoding;
  const request = http.get(`${baseUrl}/api/events`, { headers, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  request.on('error', () => {});
  let received = '';
  let parsedUpTo = 0;
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
  response.setEncoding('utf8');
  response.on('data', (chunk: string) => {
    received += chunk;
    parse();
  });
  response.on('error', () => {});
  const ended = new Promise<void>((resolve) => response.once('close', () => resolve()));
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(response.headers)) {
    if (value !== undefined) responseHeaders.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return {
    status: response.statusCode ?? 0,
    headers: responseHeaders,
    text: () => received,
    events,
    waitFor: (what, match, timeoutMs = 10_000) => until(what, () => events.find(match), timeoutMs),
    close: () => request.destroy(),
    ended,
  };
}
