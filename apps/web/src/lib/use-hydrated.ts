import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False in the prerendered HTML and during hydration, true once React runs the page in the browser
 * (at once after a client-side navigation). The public forms stay disabled until then: before hydration
 * a submit would be the browser's own (a GET carrying the fields in the URL), and text typed would be
 * wiped when react-hook-form takes the fields over.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
