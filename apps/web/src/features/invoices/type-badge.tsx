import { DOCUMENT_TITLES, type InvoiceType } from '@facturo/shared';
import { Badge } from '../../components/ui/badge';

/**
 * « Acompte » or « Avoir » beside a document's number, so a list tells them from invoices at a glance;
 * a plain invoice needs no badge.
 */
export function TypeBadge({ type }: { type: InvoiceType }) {
  if (type === 'facture') return null;
  return (
    <Badge tone={type === 'avoir' ? 'amber' : 'indigo'}>
      {type === 'avoir' ? DOCUMENT_TITLES.avoir : 'Acompte'}
    </Badge>
  );
}
