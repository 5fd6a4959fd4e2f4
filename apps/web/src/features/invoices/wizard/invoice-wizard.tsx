import {
  INVOICE_LINE_MESSAGE,
  INVOICE_REQUIRED_MESSAGE,
  type InvoiceInput,
  isValidLine,
  updateProfileRequestSchema,
} from '@facturo/shared';
import { ArrowLeft, ArrowRight, FileCheck2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/session';
import { useUpdateProfileMutation } from '../../legal-mentions/api';
import { addDaysIso } from '../dates';
import {
  draftToInput,
  type IssuerFields,
  isStepComplete,
  issuerChanged,
  LAST_STEP,
  WIZARD_STEPS,
  type WizardStep,
} from './draft';
import { StepClient } from './step-client';
import { StepIssuer } from './step-issuer';
import { StepLines } from './step-lines';
import { StepPreview } from './step-preview';
import { StepRecap } from './step-recap';
import type { InvoiceWizardState } from './use-invoice-wizard';
import { WizardStepper } from './wizard-stepper';

/** Why Suivant is disabled, said next to it (a disabled button cannot explain itself). */
const STEP_HINTS: Partial<Record<WizardStep, string>> = {
  1: 'Indiquez votre prénom et votre nom pour continuer.',
  2: 'Choisissez un client pour continuer.',
  3: 'Complétez au moins une ligne (description, quantité et prix) pour continuer.',
};

const PROFILE_SAVE_ERROR = 'Erreur lors de la sauvegarde du profil';
const issuerSchema = updateProfileRequestSchema.pick({
  prenom: true,
  nom: true,
  adresse: true,
  codePostal: true,
  ville: true,
});

interface InvoiceWizardProps {
  wizard: InvoiceWizardState;
  /** The number shown on the preview: the next one (creation) or the invoice's own (edit). */
  numero: string;
  dateEmission: string;
  mentionsLoading: boolean;
  submitLabel: string;
  submitting: boolean;
  /** The server's refusal of the last submit, shown above the buttons. */
  submitError?: ReactNode;
  onSubmit: (input: InvoiceInput) => void;
  /** The panel pins the buttons at its bottom and scrolls the step; a page lets it flow. */
  layout: 'panel' | 'page';
}

/**
 * The five steps of SPEC §2 with the rules of SPEC §5: Suivant only when the step is complete,
 * Précédent never on step 1. Leaving step 1 saves the issuer's fields to the profile.
 */
export function InvoiceWizard({
  wizard,
  numero,
  dateEmission,
  mentionsLoading,
  submitLabel,
  submitting,
  submitError,
  onSubmit,
  layout,
}: InvoiceWizardProps) {
  const { form, step, setStep } = wizard;
  const { user } = useSession();
  const updateProfile = useUpdateProfileMutation();
  const [stepError, setStepError] = useState<string | null>(null);
  const draft = form.watch();
  const dueDate = Number.isFinite(draft.delaiPaiement) ? addDaysIso(dateEmission, draft.delaiPaiement) : '';
  const complete = isStepComplete(step, draft, dueDate);

  // A new step replaces the content: its title takes the focus so screen readers announce it.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    headingRef.current?.focus();
  }, [step]);

  function goTo(next: WizardStep) {
    setStepError(null);
    setStep(next);
  }

  /** Step 1 → 2: the fields are checked with the profile's own rules, then saved if they changed. */
  async function leaveIssuerStep() {
    if (!user) return;
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
        setStepError(
          error instanceof ApiError && error.serverMessage ? error.serverMessage : PROFILE_SAVE_ERROR,
        );
        return;
      }
    }
    goTo(2);
  }

  function next() {
    if (!complete) return;
    if (step === 1) void leaveIssuerStep();
    else if (step < LAST_STEP) goTo((step + 1) as WizardStep);
  }

  function submit() {
    const values = form.getValues();
    // Unreachable through the steps, kept for the wording of SPEC §5 should the draft change underneath.
    if (!values.client || dueDate === '') return setStepError(INVOICE_REQUIRED_MESSAGE);
    if (!values.lignes.some(isValidLine)) return setStepError(INVOICE_LINE_MESSAGE);
    setStepError(null);
    onSubmit(draftToInput(values));
  }

  const panel = layout === 'panel';
  return (
    <div className={cn('flex flex-col', panel && 'min-h-0 flex-1')}>
      <div className={cn('border-b border-slate-200 py-3', panel ? 'px-4 sm:px-6' : 'mb-2')}>
        <WizardStepper step={step} />
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
        <h2
          ref={headingRef}
          tabIndex={-1}
          className="mb-4 text-lg font-semibold text-slate-900 focus:outline-none"
        >
          {WIZARD_STEPS[step - 1]}
        </h2>
        {step === 1 && <StepIssuer form={form} />}
        {step === 2 && <StepClient form={form} dateEmission={dateEmission} dueDate={dueDate} />}
        {step === 3 && <StepLines form={form} />}
        {step === 4 && (
          <StepRecap
            form={form}
            dateEmission={dateEmission}
            dueDate={dueDate}
            mentionsLoading={mentionsLoading}
          />
        )}
        {step === 5 && user && (
          <StepPreview form={form} numero={numero} dateEmission={dateEmission} user={user} />
        )}
        {(stepError || submitError) && (
          <div className="mt-4 space-y-2">
            {stepError && <Alert variant="error">{stepError}</Alert>}
            {submitError}
          </div>
        )}
      </div>
      <div
        className={cn('border-t border-slate-200 bg-white py-3', panel ? 'px-4 sm:px-6' : 'sticky bottom-0')}
      >
        {!complete && STEP_HINTS[step] && <p className="mb-2 text-sm text-slate-600">{STEP_HINTS[step]}</p>}
        <div className="flex items-center justify-between gap-3">
          <Button variant="secondary" disabled={step === 1} onClick={() => goTo((step - 1) as WizardStep)}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            Précédent
          </Button>
          {step < LAST_STEP ? (
            <Button disabled={!complete} loading={updateProfile.isPending} onClick={next}>
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
