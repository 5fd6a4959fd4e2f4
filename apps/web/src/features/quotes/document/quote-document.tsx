import type { InvoiceBranding } from '../../invoices/document/document-data';
import { InvoiceDocument } from '../../invoices/document/invoice-document';
import { asSheetData, type QuoteDocumentData } from './quote-document-data';

interface QuoteDocumentProps {
  quote: QuoteDocumentData;
  branding?: InvoiceBranding;
  /** The sheet's accessible name; "Devis n° …" by default. */
  label?: string;
}

/**
 * The quote as it is printed (issue 15): the invoice's sheet titled « Devis », with its validity date
 * instead of a due date, and a « Bon pour accord » box for the client's date and signature, as on its PDF.
 */
export function QuoteDocument({ quote, branding, label }: QuoteDocumentProps) {
  return (
    <InvoiceDocument
      invoice={asSheetData(quote)}
      branding={branding}
      label={label}
      footer={<ApprovalBox />}
    />
  );
}

function ApprovalBox() {
  return (
    <section
      aria-label="Bon pour accord"
      className="mt-6 ml-auto w-full rounded-md border border-slate-300 p-4 text-xs text-slate-700 sm:max-w-xs"
    >
      <p className="font-semibold text-slate-900">Bon pour accord</p>
      <p className="mt-3">Date :</p>
      <p className="mt-6 pb-10">Signature :</p>
    </section>
  );
}
