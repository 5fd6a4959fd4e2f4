import {
  type BuyerDirectory,
  type Invoice,
  PLATFORM_SEND_LABEL,
  PLATFORM_SENDING_MESSAGES,
} from '@facturo/shared';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Network } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Spinner } from '../../../components/ui/spinner';
import { serverMessageOr } from '../error-messages';
import {
  buyerDirectoryQueryOptions,
  invoiceLifecycleQueryOptions,
  useSendViaPlatformMutation,
} from './lifecycle-api';

const SEND_ERROR = 'L’envoi via la plateforme a échoué. Réessayez dans un instant.';

/**
 * « Envoyer via la plateforme » (issue 19), for an invoice to a French business: the dialog first asks the
 * directory whether and where the buyer receives, then sends the Factur-X through the professional's
 * approved platform. A buyer the directory does not know cannot be sent to (the dialog says to e-mail it).
 */
export function SendViaPlatformButton({ invoice, describedBy }: { invoice: Invoice; describedBy?: string }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useSendViaPlatformMutation();
  const directory = useQuery({ ...buyerDirectoryQueryOptions(invoice._id), enabled: open });
  // Shared with the timeline below: once the invoice went through the platform, there is nothing to send.
  const lifecycle = useQuery(invoiceLifecycleQueryOptions(invoice._id));
  // Sendable once the directory answered that the client receives, or did not answer at all.
  const sendable = directory.data ? directory.data.indisponible || directory.data.peutRecevoir : false;
  if (lifecycle.data?.envoi) return null;

  function confirm() {
    setFailure(null);
    send.mutate(invoice._id, {
      onSuccess: (outcome) => {
        setOpen(false);
        if (outcome.dejaEnvoyee) toast.info(PLATFORM_SENDING_MESSAGES.alreadySent);
        else toast.success(PLATFORM_SENDING_MESSAGES.sent, { description: `Facture ${invoice.numero}.` });
      },
      onError: (error) => setFailure(serverMessageOr(error, SEND_ERROR)),
    });
  }

  return (
    <>
      <Button variant="secondary" aria-describedby={describedBy} onClick={() => setOpen(true)}>
        <Network className="size-4" aria-hidden="true" />
        {PLATFORM_SEND_LABEL}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setFailure(null);
        }}
        tone="primary"
        title={`Envoyer la facture ${invoice.numero} via la plateforme ?`}
        description={<DirectoryAnswer query={directory} clientName={invoice.client.nom} />}
        confirmLabel={PLATFORM_SEND_LABEL}
        pending={send.isPending}
        confirmDisabled={!sendable}
        error={failure}
        onConfirm={confirm}
      />
    </>
  );
}

function DirectoryAnswer({
  query,
  clientName,
}: {
  query: UseQueryResult<BuyerDirectory>;
  clientName: string;
}) {
  // Inside the dialog's description (a paragraph): phrasing content only.
  if (query.isPending) {
    return (
      <span role="status" className="inline-flex items-center gap-2">
        <Spinner />
        Recherche du client dans l’annuaire...
      </span>
    );
  }
  if (query.isError)
    return <span>{serverMessageOr(query.error, PLATFORM_SENDING_MESSAGES.directoryUnavailable)}</span>;
  const entry = query.data;
  if (entry.indisponible) return <span>{PLATFORM_SENDING_MESSAGES.directoryUnavailable}</span>;
  if (!entry.peutRecevoir) return <span>{PLATFORM_SENDING_MESSAGES.notInDirectory}</span>;
  return (
    <span>
      {entry.nom ?? clientName} (SIREN {entry.siren}) reçoit ses factures électroniques
      {entry.plateforme ? ` sur « ${entry.plateforme} »` : ''}. La facture Factur-X y sera déposée et ne
      pourra plus être modifiée.
    </span>
  );
}
