import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '../../components/ui/button';
import { downloadFile } from '../../lib/download';
import { useClientsExportMutation } from './api';
import { clientsExportFileName } from './export-file-name';

interface ClientsExportButtonProps {
  /** SPEC §2: disabled while the list loads or when it is empty. */
  disabled: boolean;
  onStart: () => void;
  onError: () => void;
}

/** GDPR export of the directory (Articles 15 and 20), saved as a pretty-printed JSON file. */
export function ClientsExportButton({ disabled, onStart, onError }: ClientsExportButtonProps) {
  const exportClients = useClientsExportMutation();

  function run() {
    onStart();
    exportClients.mutate(undefined, {
      onSuccess: (data) => {
        downloadFile(clientsExportFileName(new Date()), JSON.stringify(data, null, 2));
        toast.success('Export RGPD réussi', { description: 'Vos clients (articles 15 et 20 du RGPD).' });
      },
      onError,
    });
  }

  return (
    <Button variant="secondary" disabled={disabled} loading={exportClients.isPending} onClick={run}>
      {!exportClients.isPending && <Download className="size-4" aria-hidden="true" />}
      {exportClients.isPending ? 'Export...' : 'Export RGPD'}
    </Button>
  );
}
