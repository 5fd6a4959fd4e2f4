import {
  type Invoice,
  ISSUER_STATUSES,
  type IssuerStatus,
  payeeRefused,
  STATUS_LABELS,
} from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { invoiceStatusesQueryOptions, useIssuerStatusMutation } from '../api';
import { describeActionError, INVOICE_STATUS_ERROR } from '../error-messages';

const isIssuerStatus = (status: string): status is IssuerStatus =>
  (ISSUER_STATUSES as readonly string[]).includes(status);

/**
 * The issuer's status selector (SPEC §4): the current status plus only the moves the server allows now
 * (GET /statuts); locked when the server says the issuer may not change it.
 */
export function StatusSelect({ invoice }: { invoice: Invoice }) {
  const statuses = useQuery(invoiceStatusesQueryOptions(invoice._id));
  const update = useIssuerStatusMutation();
  const current = statuses.data?.statutEmetteur ?? invoice.statutEmetteur ?? 'creee';
  // « Payée » never on a credit note nor an unpayable invoice (refused, rejected, cancelled), as the server says.
  const noPayee = payeeRefused({ type: invoice.type, life: invoice.cycle });
  const transitions = (statuses.data?.transitions ?? [])
    .filter(isIssuerStatus)
    .filter((s) => s !== current && !(s === 'payee' && noPayee));
  const locked = !statuses.data?.canModifyEmetteur || transitions.length === 0;

  function change(next: IssuerStatus) {
    update.mutate(
      { id: invoice._id, statutEmetteur: next },
      {
        onSuccess: () => toast.success(`Statut mis à jour : ${STATUS_LABELS[next]}`),
        onError: (error) => {
          const { message, detail } = describeActionError(error, INVOICE_STATUS_ERROR);
          toast.error(message, { description: detail });
        },
      },
    );
  }

  return (
    <div className="w-full sm:w-48">
      <Field label="Statut" hint={statuses.isError ? 'Statuts indisponibles pour le moment.' : undefined}>
        {(control) => (
          <Select
            {...control}
            value={current}
            disabled={statuses.isPending || locked || update.isPending}
            onChange={(event) => {
              if (isIssuerStatus(event.target.value)) change(event.target.value);
            }}
          >
            {[current, ...transitions].map((status) => (
              <option key={status} value={status}>
                {STATUS_LABELS[status]}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
