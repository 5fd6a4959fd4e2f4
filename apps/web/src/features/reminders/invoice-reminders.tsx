import { formatEuros, type Invoice } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadError } from '../../components/ui/load-error';
import { TextLink } from '../../components/ui/text-link';
import { useReadOnlyArchive } from '../account-archive/archive-access';
import { formatDateFr } from '../invoices/dates';
import { useDialogTrigger } from '../invoices/detail/use-dialog-trigger';
import { profileSectionHref } from '../profile/profile-sections';
import { invoiceRemindersQueryOptions, reminderErrorMessage, useRemindNowMutation } from './api';

const REMIND_ERROR = 'La relance n’a pas pu être envoyée.';

/** Whether the invoice can still be reminded: sent, owing something, not a credit note nor cancelled. */
function remindable(invoice: Invoice): boolean {
  return (
    invoice.type !== 'avoir' &&
    invoice.envoyeeLe !== null &&
    !invoice.payee &&
    invoice.statutEmetteur !== 'annulee' &&
    invoice.annuleeParAvoir === null
  );
}

function timeFr(instant: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}

/**
 * Issue 17: the issuer's reminders of one invoice on its detail page: the history (automatic steps and
 * manual ones) and « Relancer maintenant », asked for confirmation first.
 */
export function InvoiceReminders({ invoice }: { invoice: Invoice }) {
  if (invoice.role !== 'emetteur' || invoice.type === 'avoir' || invoice.envoyeeLe === null) return null;
  return <RemindersPanel invoice={invoice} />;
}

function RemindersPanel({ invoice }: { invoice: Invoice }) {
  const history = useQuery(invoiceRemindersQueryOptions(invoice._id));
  const remind = useRemindNowMutation(invoice._id);
  const [failure, setFailure] = useState<string | null>(null);
  const dialog = useDialogTrigger(remind.isPending, () => setFailure(null));
  const email = invoice.client.email;
  const readOnly = useReadOnlyArchive();

  function confirm() {
    setFailure(null);
    remind.mutate(undefined, {
      onSuccess: () => {
        dialog.close();
        toast.success(`Relance envoyée à ${email}`);
      },
      onError: (error) => setFailure(reminderErrorMessage(error, REMIND_ERROR)),
    });
  }

  return (
    <section
      aria-labelledby="relances-titre"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="relances-titre" className="text-base font-semibold text-slate-900">
          Relances
        </h2>
        {remindable(invoice) && email && !readOnly && (
          <Button variant="secondary" size="sm" {...dialog.trigger}>
            <BellRing className="size-4" aria-hidden="true" />
            Relancer maintenant
          </Button>
        )}
      </div>
      <div className="mt-3 text-sm text-slate-700">
        {history.isPending ? (
          <p>Chargement des relances...</p>
        ) : history.isError ? (
          <LoadError message="Erreur lors du chargement des relances" query={history} />
        ) : history.data.length === 0 ? (
          <p>
            Aucune relance envoyée pour l’instant. Les relances automatiques suivent{' '}
            <TextLink to={profileSectionHref('relances')}>votre plan de relances</TextLink>.
          </p>
        ) : (
          <ol className="space-y-2">
            {history.data.map((reminder) => (
              <li key={reminder._id} className="flex flex-wrap gap-x-2">
                <span className="font-medium text-slate-900">{reminder.libelle}</span>
                <span>
                  · {formatDateFr(reminder.envoyeeLe)} à {timeFr(reminder.envoyeeLe)} ·{' '}
                  {reminder.destinataire} · {formatEuros(reminder.montantDu)} dus
                  {reminder.joursRetard > 0 && <> · {reminder.joursRetard} j de retard</>}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <ConfirmDialog
        {...dialog.modal}
        tone="primary"
        title="Relancer maintenant ?"
        description={`Un e-mail de relance, la facture ${invoice.numero} jointe, part tout de suite à ${email}.`}
        confirmLabel="Envoyer la relance"
        onConfirm={confirm}
        pending={remind.isPending}
        error={failure && <Alert variant="error">{failure}</Alert>}
      />
    </section>
  );
}
