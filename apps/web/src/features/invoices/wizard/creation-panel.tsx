import type { InvoiceInput, User } from '@facturo/shared';
import { useQuery } from '@tanstack/react-query';
import { Minus, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useSession } from '../../../lib/session';
import { useAfterDelay } from '../../../lib/use-after-delay';
import { invoiceQueryOptions, numberingQueryOptions, useCreateInvoiceMutation } from '../api';
import { todayIso } from '../dates';
import {
  describeSubmitError,
  SIRET_REDIRECT_DELAY_MS,
  SUBSCRIPTION_PATH,
  type SubmitFailure,
} from '../error-messages';
import { KEEPS_ESCAPE_SELECTOR } from './client-combobox';
import { duplicateDraft, hasUserInput, newDraft } from './draft';
import { InvoiceWizard } from './invoice-wizard';
import { MinimisedBar } from './minimised-bar';
import { useOpeningQuota } from './opening-quota';
import { QuotaDialog } from './quota-dialog';
import { useFillOnce, useSavedMentions } from './use-draft-prefill';
import { useInvoiceWizard } from './use-invoice-wizard';

interface CreationPanelProps {
  /** « Dupliquer »: the invoice whose client and lines the draft starts from (no number is taken). */
  source: string | null;
  minimised: boolean;
  /** Minimised by the user (Escape, « Réduire »): the bar's « Reprendre » takes the focus. */
  barTakesFocus: boolean;
  onMinimise: () => void;
  onRestore: () => void;
  onClose: (options?: { stay?: boolean }) => void;
}

/** The session user always exists under the signed-in shell; the panel is not drawn without one. */
export function CreationPanel(props: CreationPanelProps) {
  const { user } = useSession();
  return user ? <CreationPanelFor user={user} {...props} /> : null;
}

/**
 * The creation panel of SPEC §2: a large side panel over the page, with the wizard inside. Escape or a
 * click outside only minimises it (a long invoice is never lost by a stray key); Fermer asks before
 * dropping what was typed.
 */
function CreationPanelFor({
  user,
  source,
  minimised,
  barTakesFocus,
  onMinimise,
  onRestore,
  onClose,
}: CreationPanelProps & { user: User }) {
  const navigate = useNavigate();
  const [dateEmission] = useState(todayIso);
  const wizard = useInvoiceWizard(() => newDraft(user, dateEmission));
  const numbering = useQuery(numberingQueryOptions());
  const create = useCreateInvoiceMutation();
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [confirmingClose, setConfirmingClose] = useState(false);
  const openingQuota = useOpeningQuota();

  const duplicated = useQuery({ ...invoiceQueryOptions(source ?? ''), enabled: source !== null });
  useFillOnce(duplicated.data, (invoice) => wizard.form.reset(duplicateDraft(invoice, user, dateEmission)));
  const mentionsLoading = useSavedMentions(wizard.form, user, source !== null);

  const redirectTo = failure?.kind === 'message' ? (failure.redirectTo ?? null) : null;
  useAfterDelay(redirectTo, SIRET_REDIRECT_DELAY_MS, () => {
    if (!redirectTo) return;
    onMinimise();
    navigate(redirectTo);
  });

  function submit(input: InvoiceInput) {
    setFailure(null);
    create.mutate(input, {
      onSuccess: (invoice) => {
        toast.success(`Facture ${invoice.numero} créée`);
        onClose({ stay: true });
        navigate(`/factures/${encodeURIComponent(invoice._id)}`);
      },
      onError: (error) => {
        const described = describeSubmitError(error, 'create');
        setFailure(described);
        // A missing address or SIREN is typed in at the step that asks for it.
        if (described.kind === 'message' && described.step) wizard.setStep(described.step);
      },
    });
  }

  function requestClose() {
    if (hasUserInput(wizard.form.getValues())) setConfirmingClose(true);
    else onClose();
  }

  const confirmClose = (
    <ConfirmDialog
      open={confirmingClose}
      onOpenChange={setConfirmingClose}
      title="Abandonner la facture en cours ?"
      description="Ce que vous avez saisi pour cette facture sera perdu."
      confirmLabel="Abandonner"
      cancelLabel="Continuer la saisie"
      onConfirm={() => {
        setConfirmingClose(false);
        onClose();
      }}
    />
  );

  if (minimised) {
    return (
      <>
        <MinimisedBar onRestore={onRestore} onClose={requestClose} takeFocus={barTakesFocus} />
        {confirmClose}
      </>
    );
  }

  const numero = numbering.data?.prochainNumero;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onMinimise()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <Dialog.Content
          // The provider says where the focus goes next (the bar, or the « Nouvelle facture » button that
          // mounts again): Radix's return to the element that opened the panel, gone by then, would lose it.
          onCloseAutoFocus={(event) => event.preventDefault()}
          onEscapeKeyDown={(event) => {
            // An open client list closes first; the panel minimises on the next Escape.
            if (event.target instanceof Element && event.target.closest(KEEPS_ESCAPE_SELECTOR))
              event.preventDefault();
          }}
          className="fixed inset-0 z-50 flex flex-col bg-white shadow-2xl focus:outline-none md:inset-y-3 md:right-3 md:left-auto md:w-[min(60rem,calc(100vw-1.5rem))] xl:w-[min(92rem,calc(100vw-1.5rem))] md:rounded-xl"
        >
          <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <Dialog.Title asChild>
                <h1 className="text-xl font-semibold tracking-tight text-slate-900">Nouvelle facture</h1>
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">
                {numero ? (
                  <>
                    Prochaine facture :{' '}
                    <span className="font-medium text-slate-900 tabular-nums">{numero}</span>
                  </>
                ) : numbering.isError ? (
                  'Le prochain numéro sera attribué à la création.'
                ) : (
                  'Recherche du prochain numéro...'
                )}
              </Dialog.Description>
            </div>
            <div className="flex shrink-0 gap-1">
              <PanelIconButton label="Réduire" onClick={onMinimise}>
                <Minus className="size-5" aria-hidden="true" />
              </PanelIconButton>
              <PanelIconButton label="Fermer" onClick={requestClose}>
                <X className="size-5" aria-hidden="true" />
              </PanelIconButton>
            </div>
          </header>
          <InvoiceWizard
            wizard={wizard}
            numero={numero ?? 'FAC-…'}
            dateEmission={dateEmission}
            mentionsLoading={mentionsLoading}
            submitLabel="Générer la facture"
            submitting={create.isPending}
            submitError={failure?.kind === 'message' && <Alert variant="error">{failure.message}</Alert>}
            onSubmit={submit}
            layout="panel"
          />
          <QuotaDialog
            quota={failure?.kind === 'quota' ? failure.quota : null}
            onClose={() => setFailure(null)}
            onUpgrade={() => {
              setFailure(null);
              onMinimise();
              navigate(SUBSCRIPTION_PATH);
            }}
          />
          <QuotaDialog
            atOpening
            quota={failure === null ? openingQuota.quota : null}
            onClose={openingQuota.dismiss}
            onUpgrade={() => {
              openingQuota.dismiss();
              onMinimise();
              navigate(SUBSCRIPTION_PATH);
            }}
          />
          {confirmClose}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function PanelIconButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className="flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      {children}
    </button>
  );
}
