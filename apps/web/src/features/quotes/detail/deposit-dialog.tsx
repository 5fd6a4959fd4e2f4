import { DOCUMENT_MESSAGES, formatEuros, type Quote } from '@facturo/shared';
import { HandCoins } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Choice } from '../../../components/ui/choice';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { useDialogTrigger } from '../../invoices/detail/use-dialog-trigger';
import { useCreateDepositMutation } from '../api';
import { DEPOSIT_ERROR, invoiceDetailPath } from '../messages';
import { type DepositMode, depositBody } from './deposit-body';
import { refusalSentence } from './refusal';

/**
 * « Facturer un acompte » (issue 15): a share of the accepted quote (1–100 %) or an amount TTC. The
 * server composes the deposit invoice (one line per VAT rate) and keeps the deposits within the quote;
 * its refusal is said in the dialog. On success, the new invoice opens.
 */
export function DepositDialog({ quote }: { quote: Quote }) {
  const navigate = useNavigate();
  const deposit = useCreateDepositMutation();
  const dialog = useDialogTrigger(deposit.isPending, () => setFailure(null));
  const [mode, setMode] = useState<DepositMode>('pourcentage');
  const [value, setValue] = useState('30');
  const [failure, setFailure] = useState<string | null>(null);
  const remaining = Math.max(0, quote.montantTTC - quote.montantAcomptes);

  function submit() {
    const body = depositBody(mode, value);
    if (!body)
      return setFailure(
        mode === 'pourcentage'
          ? DOCUMENT_MESSAGES.depositPercentRange
          : DOCUMENT_MESSAGES.depositAmountRequired,
      );
    setFailure(null);
    deposit.mutate(
      { id: quote._id, body },
      {
        onSuccess: (invoice) => {
          dialog.close();
          toast.success(`Facture d’acompte ${invoice.numero} créée`);
          navigate(invoiceDetailPath(invoice._id));
        },
        onError: (error) => setFailure(refusalSentence(error, DEPOSIT_ERROR)),
      },
    );
  }

  return (
    <>
      <Button {...dialog.trigger} variant="secondary">
        <HandCoins className="size-4" aria-hidden="true" />
        Facturer un acompte
      </Button>
      <Modal
        {...dialog.modal}
        title="Facturer un acompte"
        description={`Devis ${quote.numero} : ${formatEuros(quote.montantTTC)} TTC, dont ${formatEuros(quote.montantAcomptes)} déjà facturés en acompte (reste ${formatEuros(remaining)}).`}
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800">Montant de l’acompte</legend>
            <Choice
              type="radio"
              name="deposit-mode"
              label="Un pourcentage du devis"
              checked={mode === 'pourcentage'}
              onChange={() => setMode('pourcentage')}
            />
            <Choice
              type="radio"
              name="deposit-mode"
              label="Un montant TTC"
              checked={mode === 'montant'}
              onChange={() => setMode('montant')}
            />
          </fieldset>
          <Field
            label={mode === 'pourcentage' ? 'Pourcentage (%)' : 'Montant TTC (€)'}
            required
            hint={mode === 'pourcentage' ? 'De 1 à 100.' : `Au plus ${formatEuros(remaining)}.`}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="decimal"
                required
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            )}
          </Field>
          {failure && <Alert variant="error">{failure}</Alert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={deposit.isPending} onClick={dialog.close}>
              Annuler
            </Button>
            <Button type="submit" loading={deposit.isPending}>
              Créer la facture d’acompte
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
