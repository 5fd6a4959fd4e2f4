import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over the prerendered HTML: the root's hydration is committed, so any
 * hydration error has been logged and the route's chunks have run. On a static page of islands
 * (features/public/islands) every island is a root of its own, and all of them must be hydrated.
 * A condition to wait on, where `networkidle` waited for half a second of silence that a busy machine may
 * never give. It reads React's own mark on the root element (`__reactContainer$…`, then `isDehydrated` on
 * the committed root): should a React upgrade rename it, this wait times out, it never passes silently.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const islands = Array.from(document.querySelectorAll('[data-island]'));
    const root = document.getElementById('root');
    const rootIsReact = root && Object.keys(root).some((name) => name.startsWith('__reactContainer$'));
    const roots = rootIsReact || islands.length === 0 ? [root] : islands;
    return roots.every((element) => {
      if (!element) return false;
      const key = Object.keys(element).find((name) => name.startsWith('__reactContainer$'));
      if (!key) return false;
      const fiber = (element as unknown as Record<string, { stateNode?: { current?: HydratedRoot } }>)[key];
      return fiber?.stateNode?.current?.memoizedState?.isDehydrated === false;
    });
  });
}

interface HydratedRoot {
  memoizedState?: { isDehydrated?: boolean };
}
