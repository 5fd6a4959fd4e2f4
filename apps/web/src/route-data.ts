import type { User } from '@facturo/shared';
import type { QueryClient } from '@tanstack/react-query';

type PagePrefetch = (queryClient: QueryClient, search: URLSearchParams, user: User) => Promise<void>;

/**
 * The first data of a signed-in page, by path: main.tsx asks for it at boot, beside the session check and
 * the page's code, instead of once the page has rendered (issue 16: on /factures the list's request used to
 * leave after eight waves of scripts). Each entry imports its page's own query options, so the cache entries
 * are the ones the page reads.
 */
const PAGE_DATA: Readonly<Record<string, () => Promise<PagePrefetch>>> = {
  '/factures': async () => (await import('./features/invoices/list/invoices-page-data')).prefetchInvoicesPage,
};

export function prefetchPageData(queryClient: QueryClient, location: Location, user: User): void {
  const load = PAGE_DATA[location.pathname.replace(/(.)\/+$/, '$1')];
  if (!load) return;
  // A failure here is the page's to show: its own query asks again and reports it.
  void load()
    .then((prefetch) => prefetch(queryClient, new URLSearchParams(location.search), user))
    .catch(() => {});
}
