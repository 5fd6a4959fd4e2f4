import type { Page } from '@playwright/test';

/**
 * Resolves once React has taken over the prerendered HTML: the root's hydration is committed, and so is
 * every Suspense boundary's inside it (React hydrates those afterwards, in tasks of their own), so any
 * hydration error has been logged and the route's chunks have run. On a static page of islands
 * (features/public/islands) every island is a root of its own, and all of them must be hydrated.
 * A condition to wait on, where `networkidle` waited for half a second of silence that a busy machine may
 * never give. It reads React's own marks: `__reactContainer$…` on the root element, then `isDehydrated` on
 * the committed root and a `dehydrated` state on a boundary's fiber. Should a React upgrade rename them,
 * this wait times out, it never passes silently.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    interface Fiber {
      child: Fiber | null;
      sibling: Fiber | null;
      memoizedState?: { isDehydrated?: boolean; dehydrated?: unknown } | null;
    }
    const hasDehydratedBoundary = (fiber: Fiber | null): boolean => {
      for (let node = fiber; node; node = node.sibling) {
        if (node.memoizedState?.dehydrated) return true;
        if (hasDehydratedBoundary(node.child)) return true;
      }
      return false;
    };
    const islands = Array.from(document.querySelectorAll('[data-island]'));
    const root = document.getElementById('root');
    const rootIsReact = root && Object.keys(root).some((name) => name.startsWith('__reactContainer$'));
    const roots = rootIsReact || islands.length === 0 ? [root] : islands;
    return roots.every((element) => {
      if (!element) return false;
      const key = Object.keys(element).find((name) => name.startsWith('__reactContainer$'));
      if (!key) return false;
      const container = (element as unknown as Record<string, { stateNode?: { current?: Fiber } }>)[key];
      const current = container?.stateNode?.current;
      return current?.memoizedState?.isDehydrated === false && !hasDehydratedBoundary(current);
    });
  });
}
