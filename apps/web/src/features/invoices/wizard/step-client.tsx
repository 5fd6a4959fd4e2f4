import { MAX_QUOTE_VALIDITY_DAYS, PAYMENT_TERMS, paymentConditionsFor } from '@facturo/shared';
import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { AddClientDialog } from '../../clients/add-client-dialog';
import { addDaysIso, formatDateFr } from '../dates';
import { asDraftClient } from './client-address';
import { ClientCombobox } from './client-combobox';
import { ClientFixFields } from './client-fix-fields';
import { DeliveryFields } from './delivery-fields';
import type { WizardDocument } from './document-kind';
import { clientFixOf, clientNeedsFix, type DraftClient, type InvoiceDraft } from './draft';

const readOnlyClasses = 'bg-slate-50 text-slate-700';

interface StepClientProps {
  form: UseFormReturn<InvoiceDraft>;
  dateEmission: string;
  dueDate: string;
  /** A quote asks for its validity date instead of the payment term (issue 15). */
  kind?: WizardDocument;
}

/**
 * Step 2 (SPEC §2): the client (searchable, or added on the spot; what its record lacks for an invoice
 * is asked here), the dates, the delivery and the object. A new term rewrites the conditions sentence
 * unless the issuer wrote their own (paymentConditionsFor).
 */
export function StepClient({ form, dateEmission, dueDate, kind = 'facture' }: StepClientProps) {
  const [adding, setAdding] = useState(false);
  const client = form.watch('client');
  const choose = (next: DraftClient | null) => {
    form.setValue('client', next, { shouldDirty: true });
    form.setValue('clientFix', clientFixOf(next));
  };
  const term = form.register('delaiPaiement', {
    valueAsNumber: true,
    onChange: (event: { target: { value: string } }) => {
      const days = Number(event.target.value);
      const current = form.getValues('mentions.conditionsPaiement');
      form.setValue('mentions.conditionsPaiement', paymentConditionsFor(current, days));
    },
  });

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <Field label="Client" required>
            {(control) => <ClientCombobox {...control} value={client} onChange={choose} />}
          </Field>
        </div>
        <Button variant="secondary" onClick={() => setAdding(true)} className="shrink-0">
          <UserPlus className="size-4" aria-hidden="true" />
          Ajouter un client
        </Button>
      </div>
      {client && clientNeedsFix(client) && <ClientFixFields form={form} client={client} />}
      <Field label="Email du client">
        {(control) => (
          <Input
            {...control}
            readOnly
            value={client?.email ?? ''}
            placeholder="Choisissez un client"
            className={readOnlyClasses}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Date d'émission">
          {(control) => (
            <Input {...control} readOnly value={formatDateFr(dateEmission)} className={readOnlyClasses} />
          )}
        </Field>
        {kind === 'devis' ? (
          <Field label="Date de validité" required hint="30 jours par défaut, un an au plus.">
            {(control) => (
              <Input
                {...control}
                type="date"
                required
                min={dateEmission}
                max={addDaysIso(dateEmission, MAX_QUOTE_VALIDITY_DAYS)}
                {...form.register('dateValidite')}
              />
            )}
          </Field>
        ) : (
          <>
            <Field label="Délai de paiement">
              {(control) => (
                <Select {...control} {...term}>
                  {PAYMENT_TERMS.map((days) => (
                    <option key={days} value={days}>
                      {days} jours
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Date d'échéance">
              {(control) => (
                <Input {...control} readOnly value={formatDateFr(dueDate)} className={readOnlyClasses} />
              )}
            </Field>
          </>
        )}
      </div>
      <DeliveryFields form={form} />
      <Field label="Objet" hint="Facultatif, par exemple « Refonte du site vitrine ».">
        {(control) => <Input {...control} maxLength={300} {...form.register('objet')} />}
      </Field>

      {/* The new client is picked at once (SPEC §2: add-client popup of the wizard). */}
      <AddClientDialog
        open={adding}
        onOpenChange={setAdding}
        onCreated={(created) => choose(asDraftClient(created))}
      />
    </div>
  );
}
