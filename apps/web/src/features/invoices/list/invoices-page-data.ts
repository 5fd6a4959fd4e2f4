import { parseInvoiceTypeFilter, type User } from '@facturo/shared';
import type { QueryClient } from '@tanstack/react-query';
import { parseInvoiceStatusFilter } from '../../../lib/invoice-filters';
import { invoiceListQueryOptions } from '../api';

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
  const filter = parseInvoiceStatusFilter(search.get('status'));
  const type = parseInvoiceTypeFilter(search.get('type'));
  // As the page: a professional's two boxes (Envoi, Réception), a particulier's Réception.
  const isPro = user.role === 'professionnel';
  const boxes = isPro ? (['issued', 'received'] as const) : (['received'] as const);
  await Promise.all(
    boxes.map((box) => queryClient.prefetchQuery(invoiceListQueryOptions(box, filter, type))),
  );
}
