import type { Client } from '@facturo/shared';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { useSession } from '../../lib/session';
import { useAfterDelay } from '../../lib/use-after-delay';
import { useCreateClientMutation } from './api';
import { ClientForm, EMPTY_CLIENT_FORM } from './client-form';
import { COMPANY_SEARCH_KEEPS_ESCAPE } from './company-search-field';
import { type ClientFailure, describeCreateClientError } from './error-messages';

interface AddClientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The invoice wizard picks the new client at once; the list only needs the refresh the mutation does. */
  onCreated?: (client: Client) => void;
}

/** SPEC §2 Clients, add popup. Closing it drops what was typed and any pending redirect. */
export function AddClientDialog({ open, onOpenChange, onCreated }: AddClientDialogProps) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Nouveau client"
      onEscapeKeyDown={(event) => {
        // Escape in the open company search closes its list, not the modal.
        if (event.target instanceof Element && event.target.closest(COMPANY_SEARCH_KEEPS_ESCAPE)) {
          event.preventDefault();
        }
      }}
    >
      {/* Radix unmounts the content when closed: the form and its timers start fresh at each opening. */}
      <AddClientForm onClose={() => onOpenChange(false)} onCreated={onCreated} />
    </Modal>
  );
}

function AddClientForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated?: (client: Client) => void;
}) {
  const navigate = useNavigate();
  const { refresh } = useSession();
  const create = useCreateClientMutation();
  const [failure, setFailure] = useState<ClientFailure | null>(null);
  const redirect = failure?.redirect ?? null;

  // SPEC §8: the quota alert closes and goes to /subscription after 3 s; professional mode to /mentions-legales after 2 s.
  useAfterDelay(redirect, redirect?.delayMs ?? 0, () => {
    if (!redirect) return;
    // The account is no longer professional: re-read it so /mentions-legales shows the particulier's view.
    if (redirect.reason === 'upgrade') void refresh();
    onClose();
    navigate(redirect.to);
  });

  return (
    <ClientForm
      defaultValues={EMPTY_CLIENT_FORM}
      companySearch
      submitLabel="Ajouter le client"
      pending={create.isPending}
      locked={redirect !== null}
      status={failure && <Alert variant="error">{failure.message}</Alert>}
      secondaryAction={
        <Dialog.Close asChild>
          <Button variant="secondary">Annuler</Button>
        </Dialog.Close>
      }
      onSubmit={(values) => {
        setFailure(null);
        create.mutate(values, {
          onSuccess: (client) => {
            toast.success(`Client « ${client.nom} » ajouté`);
            onCreated?.(client);
            onClose();
          },
          onError: (error) => setFailure(describeCreateClientError(error)),
        });
      }}
    />
  );
}
