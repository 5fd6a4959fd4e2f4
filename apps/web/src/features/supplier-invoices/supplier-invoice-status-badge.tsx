import { SUPPLIER_INVOICE_STATUS_LABELS, type SupplierInvoiceStatus } from '@facturo/shared';
import { Badge } from '../../components/ui/badge';

const TONES = { recue: 'indigo', approuvee: 'emerald', refusee: 'red', payee: 'slate' } as const;

export function SupplierInvoiceStatusBadge({ status }: { status: SupplierInvoiceStatus }) {
  return <Badge tone={TONES[status]}>{SUPPLIER_INVOICE_STATUS_LABELS[status]}</Badge>;
}
