import {
  INVOICE_LINE_MESSAGE,
  INVOICE_REQUIRED_MESSAGE,
  type InvoiceInput,
  isValidLine,
  QUOTE_MESSAGES,
  type QuoteInput,
  type User,
  updateProfileRequestSchema,
} from '@facturo/shared';
import { ArrowLeft, ArrowRight, Eye, EyeOff, FileCheck2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useUpdateClientMutation } from '../../clients/api';
import { useUpdateProfileMutation } from '../../legal-mentions/api';
import { addDaysIso } from '../dates';
import { asDraftClient, clientCompletionBody } from './client-address';
import { DOCUMENT_WORDS, type WizardDocument } from './document-kind';
import {
  clientNeedsFix,
  type InvoiceDraft,
  type IssuerFields,
  isStepComplete,
  issuerChanged,
  isValidityDateInRange,
  LAST_STEP,
  WIZARD_STEPS,
  type WizardStep,
} from './draft';
import { draftExemptionFaults, draftToInput, draftToQuoteInput } from './draft-input';
import { draftVatTreatment } from './draft-vat';
import { DraftDocument } from './live-preview';
import { StepClient } from './step-client';
import { StepIssuer } from './step-issuer';
import { StepLines } from './step-lines';
import { StepPreview } from './step-preview';
import { StepRecap } from './step-recap';
import type { InvoiceWizardState } from './use-invoice-wizard';
import { stepHint } from './wizard-step-rules';
import { WizardStepper } from './wizard-stepper';

const PROFILE_SAVE_ERROR = 'Erreur lors de la sauvegarde du profil';
const CLIENT_SAVE_ERROR = 'Erreur lors de la mise à jour du client';
const issuerSchema = updateProfileRequestSchema.pick({
  prenom: true,
  nom: true,
  adresse: true,
  codePostal: true,
  ville: true,
});

/** What the last step generates: an invoice (the default), or a quote (issue 15) with its own body. */
type WizardSubmit =
  | { kind?: 'facture'; onSubmit: (input: InvoiceInput) => void }
  | { kind: 'devis'; onSubmit: (input: QuoteInput) => void };

type InvoiceWizardProps = WizardSubmit & {
  wizard: InvoiceWizardState;
  /** The number shown on the preview: the next one (creation) or the invoice's own (edit). */
  numero: string;
  dateEmission: string;
  mentionsLoading: boolean;
  submitLabel: string;
  submitting: boolean;
  /** The server's refusal of the last submit, shown above the buttons. */
  submitError?: ReactNode;
  /** The panel pins the buttons at its bottom and scrolls the step; a page lets it flow. */
  layout: 'panel' | 'page';
};

function savingError(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/**
 * A line's exemption field takes the focus, centred: the totals pinned under the step would hide its
 * message. Found by its registered name, at once (react-hook-form's setFocus waits a tick).
 */
function focusExemption(line: number) {
  const field = document.querySelector<HTMLSelectElement>(`select[name="lignes.${line}.motifExoneration"]`);
  field?.focus();
  field?.scrollIntoView({ block: 'center' });
}

/** The session user always exists under the signed-in shell; the wizard is not drawn without one. */
export function InvoiceWizard(props: InvoiceWizardProps) {
  const { user } = useSession();
  return user ? <InvoiceWizardFor user={user} {...props} /> : null;
}

/**
 * Step 2's date rule: an invoice's due date from its term; a quote's validity date when the server would
 * take it (from the issue date to a year after), else '' (the step is not complete).
 */
function closingDate(kind: WizardDocument, draft: InvoiceDraft, dateEmission: string): string {
  if (kind === 'devis')
    return isValidityDateInRange(draft.dateValidite, dateEmission) ? draft.dateValidite : '';
  return Number.isFinite(draft.delaiPaiement) ? addDaysIso(dateEmission, draft.delaiPaiement) : '';
}

/**
 * The five steps of SPEC §2 with the rules of SPEC §5: Suivant only when the step is complete,
 * Précédent never on step 1. Leaving step 1 saves the issuer's fields to the profile, leaving step 2
 * what the client's record lacked; beside the steps, the invoice as it will print (a toggle on phones).
 */
function InvoiceWizardFor({
  user,
  wizard,
  numero,
  dateEmission,
  mentionsLoading,
  submitLabel,
  submitting,
  submitError,
  layout,
  ...submitProps
}: InvoiceWizardProps & { user: User }) {
  const kind = submitProps.kind ?? 'facture';
  const { form, step, setStep } = wizard;
  const updateProfile = useUpdateProfileMutation();
  const updateClient = useUpdateClientMutation();
  const [stepError, setStepError] = useState<string | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  const [exemptionsChecked, setExemptionsChecked] = useState(false);
  /** The line whose exemption takes the focus once step 3 is back on screen (instead of its title). */
  const exemptionToFocus = useRef<number | null>(null);
  const previewId = useId();
  const previewRef = useRef<HTMLElement>(null);
  const draft = form.watch();
  const dueDate = closingDate(kind, draft, dateEmission);
  const complete = isStepComplete(step, draft, dueDate);
  const treatment = draftVatTreatment(draft, user.regimeTva);

  // A new step replaces the content: its title takes the focus so screen readers announce it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const faultyLine = exemptionToFocus.current;
    exemptionToFocus.current = null;
    if (faultyLine !== null) focusExemption(faultyLine);
    else headingRef.current?.focus();
  }, [step]);

  function goTo(next: WizardStep) {
    setStepError(null);
    setStep(next);
  }

  /** Step 1 → 2: the fields are checked with the profile's own rules, then saved if they changed. */
  async function leaveIssuerStep() {
    const parsed = issuerSchema.safeParse(form.getValues('emetteur'));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof IssuerFields;
        form.setError(`emetteur.${field}`, { message: issue.message });
      }
      return;
    }
    form.clearErrors('emetteur');
    if (issuerChanged(form.getValues('emetteur'), user)) {
      try {
        await updateProfile.mutateAsync(parsed.data);
      } catch (error) {
        return setStepError(savingError(error, PROFILE_SAVE_ERROR));
      }
    }
    goTo(2);
  }

  /** Step 2 → 3: what the client's record lacked (address, SIREN) is saved to it first. */
  async function leaveClientStep() {
    const client = form.getValues('client');
    if (client && clientNeedsFix(client)) {
      try {
        const saved = await updateClient.mutateAsync({
          id: client._id,
          body: clientCompletionBody(client, form.getValues('clientFix')),
        });
        form.setValue('client', asDraftClient(saved));
      } catch (error) {
        return setStepError(savingError(error, CLIENT_SAVE_ERROR));
      }
    }
    goTo(3);
  }

  /**
   * The shared exemption rule, before the server: a 0 % line of a sale charging VAT without its reason
   * stops the wizard on step 3, the field outlined and focused. True when it stopped.
   */
  function stopAtExemptionFault(): boolean {
    const faults = draftExemptionFaults(form.getValues('lignes'), { chargesVat: treatment.chargesVat });
    const faultyLine = faults.findIndex((fault) => fault !== null);
    if (faultyLine < 0) return false;
    setExemptionsChecked(true);
    if (step === 3) focusExemption(faultyLine);
    else {
      exemptionToFocus.current = faultyLine;
      goTo(3);
    }
    return true;
  }

  function next() {
    if (!complete) return;
    if (step === 1) void leaveIssuerStep();
    else if (step === 2) void leaveClientStep();
    else if (step === 3 && stopAtExemptionFault()) return;
    else if (step < LAST_STEP) goTo((step + 1) as WizardStep);
  }

  function submit() {
    const values = form.getValues();
    // Unreachable through the steps, kept for the wording of SPEC §5 should the draft change underneath.
    if (!values.client || dueDate === '') return setStepError(INVOICE_REQUIRED_MESSAGE);
    if (!values.lignes.some(isValidLine)) return setStepError(INVOICE_LINE_MESSAGE);
    if (stopAtExemptionFault()) return;
    setStepError(null);
    const options = { chargesVat: treatment.chargesVat };
    if (submitProps.kind === 'devis') submitProps.onSubmit(draftToQuoteInput(values, options));
    else submitProps.onSubmit(draftToInput(values, options));
  }

  /** On a narrow screen the preview opens under the step: it is brought into view. */
  function togglePreview() {
    const opening = !previewOpen;
    setPreviewOpen(opening);
    if (opening) requestAnimationFrame(() => previewRef.current?.scrollIntoView({ block: 'start' }));
  }

  const panel = layout === 'panel';
  const validityMissing = kind === 'devis' && step === 2 && draft.client !== null && dueDate === '';
  const hint = complete ? null : validityMissing ? QUOTE_MESSAGES.validityDate : stepHint(step, draft);
  const livePreview = step < LAST_STEP;
  return (
    <div className={cn('flex flex-col', panel && 'min-h-0 flex-1')}>
      <div
        className={cn(
          'flex items-start justify-between gap-3 border-b border-slate-200 py-3',
          panel ? 'px-4 sm:px-6' : 'mb-2',
        )}
      >
        <div className="min-w-0 flex-1">
          <WizardStepper step={step} />
        </div>
        {livePreview && (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={previewOpen}
            aria-controls={previewId}
            onClick={togglePreview}
            className={cn('shrink-0', panel && 'xl:hidden')}
          >
            {previewOpen ? (
              <EyeOff className="size-4" aria-hidden="true" />
            ) : (
              <Eye className="size-4" aria-hidden="true" />
            )}
            {previewOpen ? 'Masquer l’aperçu' : 'Afficher l’aperçu'}
          </Button>
        )}
      </div>
      {/* Focusable when it scrolls in the panel, so keyboard users can scroll a preview without fields. */}
      <div
        tabIndex={panel ? 0 : undefined}
        className={cn(
          panel
            ? 'min-h-0 flex-1 overflow-y-auto px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 sm:px-6'
            : 'py-5',
        )}
      >
        <div className={cn(panel && livePreview && 'xl:grid xl:grid-cols-[minmax(0,1fr)_29rem] xl:gap-6')}>
          <div className="min-w-0">
            <h2
              ref={headingRef}
              tabIndex={-1}
              className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
            >
              {WIZARD_STEPS[step - 1]}
            </h2>
            {step === 1 && <StepIssuer form={form} kind={kind} />}
            {step === 2 && (
              <StepClient form={form} dateEmission={dateEmission} dueDate={dueDate} kind={kind} />
            )}
            {step === 3 && (
              <StepLines
                form={form}
                regime={user.regimeTva}
                chargesVat={treatment.chargesVat}
                showExemptionFaults={exemptionsChecked}
              />
            )}
            {step === 4 && (
              <StepRecap
                form={form}
                dateEmission={dateEmission}
                dueDate={dueDate}
                mentionsLoading={mentionsLoading}
                chargesVat={treatment.chargesVat}
                vatMention={treatment.mention}
                kind={kind}
              />
            )}
            {step === 5 && (
              <StepPreview form={form} numero={numero} dateEmission={dateEmission} user={user} kind={kind} />
            )}
            {(stepError || submitError) && (
              <div className="mt-4 space-y-2">
                {stepError && <Alert variant="error">{stepError}</Alert>}
                {submitError}
              </div>
            )}
          </div>
          {livePreview && (
            <section
              ref={previewRef}
              id={previewId}
              aria-label="Aperçu en direct"
              className={cn(previewOpen ? 'mt-6 block' : 'hidden', panel && 'xl:mt-0 xl:block')}
            >
              <div className="rounded-xl bg-slate-100 p-2 xl:sticky xl:top-0">
                <div className={cn(panel && 'xl:[zoom:0.55]')}>
                  <DraftDocument
                    form={form}
                    numero={numero}
                    dateEmission={dateEmission}
                    user={user}
                    kind={kind}
                    label={`Aperçu ${DOCUMENT_WORDS[kind].of} n° ${numero}`}
                  />
                </div>
              </div>
            </section>
          )}
        </div>
      </div>
      <div
        className={cn('border-t border-slate-200 bg-white py-3', panel ? 'px-4 sm:px-6' : 'sticky bottom-0')}
      >
        {hint && <p className="mb-2 text-sm text-slate-600">{hint}</p>}
        <div className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={step === 1} onClick={() => goTo((step - 1) as WizardStep)}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Précédent
          </Button>
          {step < LAST_STEP ? (
            <Button
              disabled={!complete}
              loading={updateProfile.isPending || updateClient.isPending}
              onClick={next}
            >
              Suivant
              <ArrowRight className="size-4" aria-hidden="true" />
            </Button>
          ) : (
            <Button loading={submitting} onClick={submit}>
              <FileCheck2 className="size-4" aria-hidden="true" />
              {submitLabel}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
