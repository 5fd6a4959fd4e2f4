import { formatEuros, type Quote } from '@facturo/shared';
import { FileCheck2 } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useDialogTrigger } from '../../invoices/detail/use-dialog-trigger';
import { useInvoiceQuoteMutation } from '../api';
import { CONVERT_ERROR, invoiceDetailPath } from '../messages';
import { refusalSentence } from './refusal';

/**
 * « Convertir en facture » (issue 15): the final invoice with the quote's lines, its deposits deducted.
 * Asked first (a quote is invoiced once); on success the new invoice opens.
 */
export function ConvertButton({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const convert = useInvoiceQuoteMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const dialog = useDialogTrigger(convert.isPending, () => setFailure(null));
  const deposits = quote.montantAcomptes;

  return (
    <>
      <Button {...dialog.trigger}>
        <FileCheck2 className="size-4" aria-hidden="true" />
        Convertir en facture
      </Button>
      <Modal
        {...dialog.modal}
        title={`Convertir le devis ${quote.numero} en facture ?`}
        description={
          deposits > 0
            ? `La facture reprend les lignes du devis (${formatEuros(quote.montantTTC)} TTC) et déduit les acomptes déjà facturés (${formatEuros(deposits)}). Un devis ne se facture qu’une fois.`
            : `La facture reprend les lignes du devis (${formatEuros(quote.montantTTC)} TTC). Un devis ne se facture qu’une fois.`
        }
      >
        <div className="space-y-4">
          {failure && <Alert variant="error">{failure}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={convert.isPending} onClick={dialog.close}>
              Annuler
            </Button>
            <Button
              loading={convert.isPending}
              onClick={() =>
                convert.mutate(quote._id, {
                  onSuccess: (invoice) => {
                    dialog.close();
                    toast.success(`Facture ${invoice.numero} créée`);
                    navigate(invoiceDetailPath(invoice._id));
                  },
                  onError: (error) => setFailure(refusalSentence(error, CONVERT_ERROR)),
                })
              }
            >
              Créer la facture
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
}
