import { useSearchParams } from 'react-router';
import { INVOICE_STATUS_FILTER_LABELS, parseInvoiceStatusFilter } from '../../lib/invoice-filters';
import { ComingSoonPage } from './coming-soon-page';

/** /factures and its ?status= filters; the title names the filter so each entry is recognisable. */
export function InvoicesPage() {
  const [searchParams] = useSearchParams();
  const filter = parseInvoiceStatusFilter(searchParams.get('status'));
  const title = filter ? `Factures — ${INVOICE_STATUS_FILTER_LABELS[filter]}` : 'Factures';
  return <ComingSoonPage title={title} />;
}
