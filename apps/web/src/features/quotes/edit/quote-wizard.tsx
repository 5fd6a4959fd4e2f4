import type { QuoteInput } from '@facturo/shared';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import {
  describeSubmitError,
  INVOICE_CREATE_ERROR,
  INVOICE_UPDATE_ERROR,
} from '../../invoices/error-messages';
import { InvoiceWizard } from '../../invoices/wizard/invoice-wizard';
import type { InvoiceWizardState } from '../../invoices/wizard/use-invoice-wizard';
import { QUOTE_CREATE_ERROR, QUOTE_UPDATE_ERROR } from '../messages';

interface QuoteWizardProps {
  wizard: InvoiceWizardState;
  numero: string;
  dateEmission: string;
  mentionsLoading: boolean;
  submitLabel: string;
  submitting: boolean;
  failure: string | null;
  onSubmit: (input: QuoteInput) => void;
}

/** The invoice's wizard writing a quote, on a page (creation and edit), in a white card. */
export function QuoteWizard({ failure, ...props }: QuoteWizardProps) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 sm:px-6">
      <InvoiceWizard
        kind="devis"
        {...props}
        submitError={failure && <Alert variant="error">{failure}</Alert>}
        layout="page"
      />
    </div>
  );
}

/**
 * A refused save, said in words (a quote takes no invoice quota), with the wizard sent back to the step
 * that asks for what was missing (the issuer's or the client's address, the SIREN).
 */
export function useQuoteSubmitFailure(wizard: InvoiceWizardState, mode: 'create' | 'edit') {
  const [failure, setFailure] = useState<string | null>(null);
  const fallback = mode === 'create' ? QUOTE_CREATE_ERROR : QUOTE_UPDATE_ERROR;
  const invoiceFallback = mode === 'create' ? INVOICE_CREATE_ERROR : INVOICE_UPDATE_ERROR;
  function fail(error: unknown) {
    const described = describeSubmitError(error, mode);
    if (described.kind !== 'message') return setFailure(fallback);
    setFailure(described.message === invoiceFallback ? fallback : described.message);
    if (described.step) wizard.setStep(described.step);
  }
  return { failure, clear: () => setFailure(null), fail };
}
