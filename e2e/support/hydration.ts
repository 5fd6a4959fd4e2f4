import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over the prerendered HTML: the root's hydration is committed, so any
 * hydration error has been logged and the route's chunks have run. A condition to wait on, where
 * `networkidle` waited for half a second of silence that a busy machine may never give.
 * It reads React's own mark on the root element (`__reactContainer$…`, then `isDehydrated` on the
 * committed root): should a React upgrade rename it, this wait times out, it never passes silently.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root) return false;
    const key = Object.keys(root).find((name) => name.startsWith('__reactContainer$'));
    if (!key) return false;
    const fiber = (root as unknown as Record<string, { stateNode?: { current?: HydratedRoot } }>)[key];
    return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
  });
}

interface HydratedRoot {
  memoizedState?: { isDehydrated?: boolean };
}
