import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyResponse } from './early-responses';

function sentEarly(token: string, paths: string[]): Record<string, Promise<Response>> {
  const responses = Object.fromEntries(paths.map((p) => [p, Promise.resolve(new Response(`"${p}"`))]));
  vi.stubGlobal('window', { __facturoEarly: { token, responses: { ...responses } } });
  return responses;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('takeEarlyResponse', () => {
  it('hands the answer the HTML asked for to the first request of that path, and only to it', async () => {
    const sent = sentEarly('jeton', ['/users/me', '/factures']);
    const adopted = takeEarlyResponse('/factures', 'jeton');
    expect(adopted).toBe(sent['/factures']);
    expect(await (await adopted!).json()).toBe('/factures');
    // Asked again (a refresh), the path goes to the server.
    expect(takeEarlyResponse('/factures', 'jeton')).toBeUndefined();
    expect(takeEarlyResponse('/users/me', 'jeton')).toBe(sent['/users/me']);
  });

  it('adopts nothing for another path, another session or without a session', () => {
    sentEarly('jeton', ['/factures']);
    expect(takeEarlyResponse('/factures/received', 'jeton')).toBeUndefined();
    expect(takeEarlyResponse('/factures', 'autre-jeton')).toBeUndefined();
    expect(takeEarlyResponse('/factures', null)).toBeUndefined();
  });

  it('adopts nothing when the HTML sent nothing (signed out, another page)', () => {
    vi.stubGlobal('window', {});
    expect(takeEarlyResponse('/users/me', 'jeton')).toBeUndefined();
  });

  it('drops an answer left unadopted past the first screen: a later read sees the server as it is then', () => {
    sentEarly('jeton', ['/factures']);
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takeEarlyResponse('/factures', 'jeton')).toBeUndefined();
  });
});
