import { type Browser, type BrowserContext, test as base, expect } from '@playwright/test';

/**
 * The base test of every journey: the browser may talk to the app under test (127.0.0.1 / localhost)
 * and to nothing else (DESIGN §8, outgoing network is refused). A request to any other host is aborted
 * and fails the test when it ends, naming the address, so that a page that quietly loads a font, a
 * script or a tracker from the Internet cannot pass here and break offline.
 */

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** http(s) and ws(s) to a host other than this machine's loopback; data:, blob: and the like stay local. */
export function isOutgoing(url: URL): boolean {
  return /^(https?|wss?):$/.test(url.protocol) && !LOCAL_HOSTS.has(url.hostname);
}

/** Aborts every outgoing request of `context` and writes its address down in `refused`. */
export async function refuseOutgoing(context: BrowserContext, refused: string[]): Promise<void> {
  await context.route(isOutgoing, (route) => {
    refused.push(route.request().url());
    return route.abort('blockedbyclient');
  });
}

export interface OutgoingRequests {
  /** The outgoing requests refused so far, forgotten once read (for a test that provokes one on purpose). */
  take(): string[];
}

export const test = base.extend<{ outgoing: OutgoingRequests }>({
  outgoing: [
    async ({ browser, context }, use) => {
      const refused: string[] = [];
      await refuseOutgoing(context, refused);
      // Contexts a test opens itself (a second user, JavaScript off) get the same guard.
      const newContext = browser.newContext;
      const guarded: Browser['newContext'] = async (options) => {
        const created = await newContext.call(browser, options);
        await refuseOutgoing(created, refused);
        return created;
      };
      browser.newContext = guarded;
      try {
        await use({ take: () => refused.splice(0) });
      } finally {
        browser.newContext = newContext;
      }
      expect(refused, 'requêtes vers une adresse hors de cette machine').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
