import type { Invoice } from '@facturo/shared';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useDeleteInvoiceMutation, useForgetInvoice } from '../api';
import { describeActionError, INVOICE_DELETE_ERROR } from '../error-messages';

interface DeleteInvoiceButtonProps {
  invoice: Invoice;
  /** Id of the text saying why a locked invoice cannot be deleted. */
  describedBy?: string;
}

/**
 * Supprimer, after "Supprimer cette facture ?" (SPEC §2). DESIGN §5: a number is given once, so the
 * server cancels the invoice rather than removing it; the dialog and the toast say « annulée » so the
 * issuer knows where to find it (Annulées) and why the next number does not come back down.
 */
export function DeleteInvoiceButton({ invoice, describedBy }: DeleteInvoiceButtonProps) {
  const navigate = useNavigate();
  const remove = useDeleteInvoiceMutation();
  const forget = useForgetInvoice();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<{ message: string; detail?: string } | null>(null);

  return (
    <>
      <Button
        variant="secondary"
        disabled={invoice.verrouillee}
        aria-describedby={describedBy}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
        className="text-red-700 hover:text-red-800"
      >
        <Trash2 className="size-4" aria-hidden="true" />
        Supprimer
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Supprimer cette facture ?"
        description={`La facture ${invoice.numero} sera annulée : elle reste dans votre registre avec le statut Annulée et son numéro n'est jamais réutilisé.`}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        error={
          failure && (
            <Alert variant="error">
              <p>{failure.message}</p>
              {failure.detail && <p>{failure.detail}</p>}
            </Alert>
          )
        }
        onConfirm={() =>
          remove.mutate(invoice._id, {
            onSuccess: () => {
              setOpen(false);
              toast.success(`Facture ${invoice.numero} annulée`);
              navigate('/factures', { replace: true });
              forget(invoice._id);
            },
            onError: (error) => setFailure(describeActionError(error, INVOICE_DELETE_ERROR)),
          })
        }
      />
    </>
  );
}
