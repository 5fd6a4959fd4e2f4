import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectLiveEvents, type LiveEvent, parseLiveEvent, retryDelayMs } from './live-events';

describe('parseLiveEvent', () => {
  it('types a known event whose data matches its schema', () => {
    expect(parseLiveEvent('unread.changed', '{"count":3}')).toEqual({
      type: 'unread.changed',
      data: { count: 3 },
    });
  });

  it('ignores unknown types, bad JSON and data of the wrong shape', () => {
    expect(parseLiveEvent('message', '{}')).toBeNull();
    expect(parseLiveEvent('unread.changed', 'pas du json')).toBeNull();
    expect(parseLiveEvent('message.read', '{"count":1}')).toBeNull();
  });
});

describe('retryDelayMs', () => {
  it("lets the server's retry: decide first, then backs off up to 30 s", () => {
    expect(retryDelayMs(1)).toBeUndefined();
    expect(retryDelayMs(2)).toBe(2_000);
    expect(retryDelayMs(3)).toBe(4_000);
    expect(retryDelayMs(20)).toBe(30_000);
  });
});

describe('connectLiveEvents', () => {
  // The library times its retries with window.setTimeout and detaches from document when done.
  beforeAll(() => {
    vi.stubGlobal('window', { setTimeout, clearTimeout });
    vi.stubGlobal('document', { addEventListener() {}, removeEventListener() {} });
  });
  afterAll(() => vi.unstubAllGlobals());

  const stream = (body: string, status = 200) =>
    new Response(body, {
      status,
      headers: { 'content-type': status === 200 ? 'text/event-stream' : 'application/json' },
    });

  it('sends the token, resumes with Last-Event-ID after the stream ends, and stops on 401', async () => {
    const requests: Record<string, string>[] = [];
    const answers = [
      stream('retry: 5\n\nid: 41\nevent: unread.changed\ndata: {"count":2}\n\n'),
      stream('id: 42\nevent: message.read\ndata: {"conversationId":"c1"}\n\n'),
      stream('{"errorType":"unauthorized"}', 401),
    ];
    const fakeFetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ ...(init?.headers as Record<string, string>) });
      const answer = answers.shift();
      if (!answer) throw new Error('pas de réponse prévue');
      return answer;
    };
    const events: LiveEvent[] = [];
    const opens: boolean[] = [];
    const unauthorized = vi.fn();
    const close = connectLiveEvents({
      token: 'jeton',
      onEvent: (event) => events.push(event),
      onOpen: (reconnected) => opens.push(reconnected),
      onUnauthorized: unauthorized,
      fetch: fakeFetch as typeof fetch,
    });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledOnce());
    close();

    expect(requests.map((headers) => headers.Authorization)).toEqual([
      'Bearer jeton',
      'Bearer jeton',
      'Bearer jeton',
    ]);
    expect(requests.map((headers) => headers['last-event-id'])).toEqual([undefined, '41', '42']);
    expect(opens).toEqual([false, true]);
    expect(events).toEqual([
      { type: 'unread.changed', data: { count: 2 } },
      { type: 'message.read', data: { conversationId: 'c1' } },
    ]);
  });

  it('reopens a stream that stays silent past the limit (a connection cut without a word), resuming', async () => {
    const encoder = new TextEncoder();
    // One event, then nothing at all: no heartbeat, no end.
    const silent = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('retry: 5\n\nid: 7\nevent: unread.changed\ndata: {"count":1}\n\n'));
      },
    });
    const answers = [
      new Response(silent, { headers: { 'content-type': 'text/event-stream' } }),
      stream('{"errorType":"unauthorized"}', 401),
    ];
    const lastIds: (string | undefined)[] = [];
    const fakeFetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
      lastIds.push({ ...(init?.headers as Record<string, string>) }['last-event-id']);
      const answer = answers.shift();
      if (!answer) throw new Error('pas de réponse prévue');
      return answer;
    };
    const events: LiveEvent[] = [];
    const unauthorized = vi.fn();
    const close = connectLiveEvents({
      token: 'jeton',
      onEvent: (event) => events.push(event),
      onOpen: () => {},
      onUnauthorized: unauthorized,
      fetch: fakeFetch as typeof fetch,
      silenceLimitMs: 50,
    });
    await vi.waitFor(() => expect(unauthorized).toHaveBeenCalledOnce());
    close();
    expect(lastIds).toEqual([undefined, '7']);
    expect(events).toEqual([{ type: 'unread.changed', data: { count: 1 } }]);
  });
});
