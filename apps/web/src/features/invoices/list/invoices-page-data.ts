import { parseInvoiceTypeFilter, type User } from '@facturo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { SEARCH_PARAM } from '../../../lib/use-url-search';
import { invoiceListQueryOptions, invoiceTotalsQueryOptions } from '../api';
import { BOX_PARAM, parseBox, parseListStatusFilter, TYPE_PARAM } from './list-path';

/**
 * What InvoicesPage reads first, for the same address and user, asked for at boot (route-data.ts) so the
 * list's request leaves with the session check. Keep it in step with the page's queries: a query asked
 * here and not by the page is a wasted request, one the page asks and not here waits for the page.
 */
export async function prefetchInvoicesPage(
  queryClient: QueryClient,
  search: URLSearchParams,
  user: User,
): Promise<void> {
  const filters = {
    filter: parseListStatusFilter(search.get('status')),
    type: parseInvoiceTypeFilter(search.get(TYPE_PARAM)),
    q: search.get(SEARCH_PARAM) ?? '',
  };
  // As the page: only the box on screen (a professional chooses it, a particulier only receives).
  const box = user.role === 'professionnel' ? parseBox(search.get(BOX_PARAM)) : 'received';
  await Promise.all([
    queryClient.prefetchInfiniteQuery(invoiceListQueryOptions(box, filters.filter, filters.type, filters.q)),
    queryClient.prefetchQuery(invoiceTotalsQueryOptions(box, filters)),
  ]);
}
