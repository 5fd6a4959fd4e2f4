import {
  isCalendarDay,
  PAYMENT_MESSAGES,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
} from '@facturo/shared';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { todayIso } from '../dates';
import { serverMessageOr } from '../error-messages';
import { usePaymentMutation } from './payments-api';

export const PAYMENT_RECORD_ERROR = "Erreur lors de l'enregistrement du paiement";

/** « 149,5 » → « 149,50 »: the amount field speaks French, as typed. */
const typedEuros = (euros: number) => euros.toFixed(2).replace('.', ',');

interface PaymentFormProps {
  invoiceId: string;
  /** What remains due, in euros: the amount offered (partial payments: the issuer lowers it). */
  remaining: number;
  onDone: () => void;
}

/** The issuer records money received (issue 17): date, amount, method, reference. The server checks it all. */
export function PaymentForm({ invoiceId, remaining, onDone }: PaymentFormProps) {
  const mutation = usePaymentMutation(invoiceId);
  const [date, setDate] = useState(todayIso());
  const [amount, setAmount] = useState(typedEuros(remaining));
  const [method, setMethod] = useState<PaymentMethod>('virement');
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // The server's day rule, said before the round trip (a typed year 0 or 20260).
    if (!isCalendarDay(date)) {
      setError(PAYMENT_MESSAGES.date);
      return;
    }
    setError(null);
    try {
      await mutation.mutateAsync({
        kind: 'record',
        body: { datePaiement: date, montant: amount, methode: method, reference },
      });
      toast.success('Paiement enregistré');
      onDone();
    } catch (failure) {
      setError(serverMessageOr(failure, PAYMENT_RECORD_ERROR));
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="space-y-4"
      aria-label="Nouveau paiement"
      noValidate
    >
      {error && <Alert variant="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date du paiement" required>
          {(control) => (
            <Input
              {...control}
              type="date"
              required
              value={date}
              max={todayIso()}
              onChange={(e) => setDate(e.target.value)}
            />
          )}
        </Field>
        <Field label="Montant reçu (€)" required>
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              required
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <Field label="Moyen de paiement">
          {(control) => (
            <Select {...control} value={method} onChange={(e) => setMethod(e.target.value as PaymentMethod)}>
              {PAYMENT_METHODS.map((value) => (
                <option key={value} value={value}>
                  {PAYMENT_METHOD_LABELS[value]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Référence" hint="Facultatif : libellé du virement, numéro de chèque…">
          {(control) => (
            <Input
              {...control}
              maxLength={140}
              value={reference}
              onChange={(e) => setReference(e.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" type="button" onClick={onDone} disabled={mutation.isPending}>
          Annuler
        </Button>
        <Button type="submit" loading={mutation.isPending}>
          Enregistrer le paiement
        </Button>
      </div>
    </form>
  );
}
