import { useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { InvoiceDraft, WizardStep } from './draft';

export interface InvoiceWizardState {
  form: UseFormReturn<InvoiceDraft>;
  step: WizardStep;
  setStep: (step: WizardStep) => void;
}

/**
 * The draft and the current step, held by whoever hosts the wizard: the creation panel keeps them while
 * it is minimised (its dialog content is unmounted then), the edit page for as long as it is open.
 */
export function useInvoiceWizard(initial: () => InvoiceDraft): InvoiceWizardState {
  const [defaultValues] = useState(initial);
  const form = useForm<InvoiceDraft>({ defaultValues });
  const [step, setStep] = useState<WizardStep>(1);
  return { form, step, setStep };
}
