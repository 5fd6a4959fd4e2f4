import type { Role } from '@facturo/shared';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { downloadFile } from '../../../lib/download';
import { useInvoicesExportMutation } from '../api';
import { EXPORT_ERROR_DESCRIPTION, EXPORT_ERROR_TITLE, EXPORT_SUCCESS_TITLE } from '../error-messages';
import { exportSummary, invoicesExportFileName } from './export-file-name';

/** GDPR export (Articles 15 and 20) of the user's invoices and clients, saved as pretty-printed JSON. */
export function InvoicesExportButton({ role, disabled }: { role: Role; disabled: boolean }) {
  const exportInvoices = useInvoicesExportMutation();

  function run() {
    exportInvoices.mutate(undefined, {
      onSuccess: (data) => {
        downloadFile(invoicesExportFileName(role, new Date()), JSON.stringify(data, null, 2));
        toast.success(EXPORT_SUCCESS_TITLE, {
          description: exportSummary({
            factures: data.factures?.length ?? 0,
            clients: data.clients?.length ?? 0,
          }),
        });
      },
      onError: () => toast.error(EXPORT_ERROR_TITLE, { description: EXPORT_ERROR_DESCRIPTION }),
    });
  }

  return (
    <Button variant="secondary" disabled={disabled} loading={exportInvoices.isPending} onClick={run}>
      {!exportInvoices.isPending && <Download className="size-4" aria-hidden="true" />}
      {exportInvoices.isPending ? 'Export...' : 'Export RGPD'}
    </Button>
  );
}
