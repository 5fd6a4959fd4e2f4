import { describe, expect, it } from 'vitest';
import { parseLiveEvent, retryDelayMs } from './live-events';

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
