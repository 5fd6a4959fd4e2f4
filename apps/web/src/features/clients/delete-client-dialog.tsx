import type { Client } from '@facturo/shared';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteClientMutation } from './api';
import { describeDeleteClientError } from './error-messages';

interface DeleteClientDialogProps {
  client: Client;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/** "Supprimer ce client ?": a client who still has invoices is refused by the server, which says why. */
export function DeleteClientDialog({ client, open, onOpenChange, onDeleted }: DeleteClientDialogProps) {
  const remove = useDeleteClientMutation();
  const [error, setError] = useState<string | null>(null);

  function changeOpen(next: boolean) {
    if (!next) setError(null);
    onOpenChange(next);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={changeOpen}
      title="Supprimer ce client ?"
      description={`${client.nom} sera retiré de votre répertoire. Cette action est définitive.`}
      confirmLabel="Supprimer"
      pending={remove.isPending}
      error={error && <Alert variant="error">{error}</Alert>}
      onConfirm={async () => {
        setError(null);
        try {
          // mutateAsync: removing the client from the cache unmounts the detail (and this dialog) at once,
          // and mutate's own callbacks would then never run.
          await remove.mutateAsync(client._id);
        } catch (failure) {
          setError(describeDeleteClientError(failure));
          return;
        }
        toast.success(`Client « ${client.nom} » supprimé`);
        onDeleted();
      }}
    />
  );
}
