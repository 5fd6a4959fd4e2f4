import {
  BIC_MESSAGE,
  BIC_WITHOUT_IBAN_MESSAGE,
  bicNeedsIban,
  IBAN_MESSAGE,
  isValidBicInput,
  isValidIbanInput,
  normalizeBic,
  normalizeIban,
  type User,
} from '@facturo/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useUpdateProfileMutation } from '../legal-mentions/api';
import { describeProfileSaveError } from '../legal-mentions/error-messages';
import { formatIban } from './payment-values';

interface PaymentFields {
  iban: string;
  bic: string;
}

const SERVER_FIELDS = ['iban', 'bic'] as const;

const paymentValues = (user: User): PaymentFields => ({ iban: formatIban(user.iban), bic: user.bic });

/**
 * "Paiement": the IBAN and BIC printed on the invoices, in the XML and in the SEPA QR code. They are
 * checked here with the shared rules (ISO 13616 checksum, BIC format, no BIC without an IBAN), and the
 * server's sentence, should it refuse anyway, goes under its field.
 */
export function PaymentForm({ user }: { user: User }) {
  const update = useUpdateProfileMutation();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PaymentFields>({ defaultValues: paymentValues(user) });
  const { errors } = form.formState;
  const iban = form.register('iban', { validate: (value) => isValidIbanInput(value) || IBAN_MESSAGE });
  const bic = form.register('bic', {
    validate: (value, values) => {
      if (!isValidBicInput(value)) return BIC_MESSAGE;
      const details = { iban: normalizeIban(values.iban), bic: normalizeBic(value) };
      return !bicNeedsIban(details) || BIC_WITHOUT_IBAN_MESSAGE;
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(
      { iban: normalizeIban(values.iban), bic: normalizeBic(values.bic) },
      {
        onSuccess: (saved) => {
          toast.success('Coordonnées bancaires enregistrées');
          form.reset(paymentValues(saved));
        },
        onError: (failure) => {
          const described = describeProfileSaveError(failure, SERVER_FIELDS);
          if (described.field) {
            form.setError(described.field, { message: described.message }, { shouldFocus: true });
          } else setError(described.message);
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {error && <Alert variant="error">{error}</Alert>}
      <Field
        label="IBAN"
        error={errors.iban?.message}
        hint="Imprimé sur vos factures avec un QR code de virement SEPA. Laissez vide pour ne pas l’afficher."
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...iban}
            // Shown in groups of 4, as on a RIB, once typed (not while typing: the caret would jump).
            onBlur={(event) => {
              form.setValue('iban', formatIban(event.target.value));
              return iban.onBlur(event);
            }}
          />
        )}
      </Field>
      <Field label="BIC" error={errors.bic?.message} hint="8 ou 11 caractères, ex. BNPAFRPPXXX">
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            spellCheck={false}
            className="font-mono sm:max-w-xs"
            {...bic}
          />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={update.isPending}>
          Enregistrer
        </Button>
      </div>
    </form>
  );
}
