import { DEPOSIT_DATE_LABEL, DOCUMENT_TITLES } from '@facturo/shared';
import type { ReactNode } from 'react';
import { ImageFromBlob } from '../../../components/ui/image-from-blob';
import { formatDateFr } from '../dates';
import { accentOf, type InvoiceBranding, type InvoiceDocumentData } from './document-data';
import { DocumentLines } from './document-lines';
import { DocumentMentions } from './document-mentions';
import { BuyerBlock, SellerBlock } from './document-parties';
import { DocumentReferencesBlock } from './document-references';
import { DocumentTotals } from './document-totals';
import { CancelledStamp, PaidStamp } from './paid-stamp';

interface InvoiceDocumentProps {
  invoice: InvoiceDocumentData;
  /** The issuer's logo and colour; the default look without. */
  branding?: InvoiceBranding;
  /** The sheet's accessible name; "Facture n° …" (or the type's title, issue 15) by default. */
  label?: string;
  /** Printed at the foot of the sheet, after the mentions: a quote's « Bon pour accord » box. */
  footer?: ReactNode;
}

/**
 * The invoice as it is printed (DESIGN §5 and issue 12 legal mentions): seller "EI" with address, SIRET,
 * RCS/RM and VAT number, buyer (and delivery address), number and dates (delivery included), lines with
 * units and rates, the VAT per rate, the VAT mention, business mentions, bank details. An A4-like sheet
 * in the issuer's colour, with their logo. Issue 15: titled by its type (Facture, Facture d’acompte,
 * Avoir, Devis), with the documents it refers to; a quote shows its validity date instead of a due date.
 */
export function InvoiceDocument({ invoice, branding, label, footer }: InvoiceDocumentProps) {
  const accent = accentOf(branding?.accentColor);
  const sellerName = `${invoice.emetteur.prenom} ${invoice.emetteur.nom}`;
  const heading = `${DOCUMENT_TITLES[invoice.type ?? 'facture']} n° ${invoice.numero}`;
  return (
    <article
      aria-label={label ?? heading}
      className="mx-auto w-full max-w-[210mm] overflow-hidden rounded-sm border-t-4 bg-white px-5 py-6 text-sm leading-relaxed text-slate-800 shadow-md ring-1 ring-slate-200 sm:px-10 sm:py-10"
      style={{ borderTopColor: accent }}
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <div className="space-y-3">
          {branding?.logo && (
            <ImageFromBlob
              blob={branding.logo}
              label={`Logo de ${sellerName}`}
              maxWidth={200}
              maxHeight={64}
            />
          )}
          <SellerBlock invoice={invoice} />
        </div>
        <div className="sm:text-right">
          <p className="text-xl font-bold tracking-tight sm:text-2xl" style={{ color: accent }}>
            {heading}
          </p>
          <dl className="mt-2 space-y-0.5">
            <div>
              <dt className="inline text-slate-600">Date d'émission : </dt>
              <dd className="inline font-medium">{formatDateFr(invoice.dateEmission)}</dd>
            </div>
            {invoice.type === 'acompte' ? (
              // A deposit precedes any delivery: it states the date of the deposit (its issue date).
              <div>
                <dt className="inline text-slate-600">{DEPOSIT_DATE_LABEL} : </dt>
                <dd className="inline font-medium">{formatDateFr(invoice.dateEmission)}</dd>
              </div>
            ) : (
              <div>
                <dt className="inline text-slate-600">Date de livraison / d’exécution : </dt>
                <dd className="inline font-medium">
                  {formatDateFr(invoice.dateLivraison || invoice.dateEmission)}
                </dd>
              </div>
            )}
            <DueDate invoice={invoice} />
          </dl>
        </div>
      </header>

      <div className="mt-8">
        <BuyerBlock invoice={invoice} />
      </div>

      {invoice.objet && (
        <p className="mt-6">
          <span className="text-slate-600">Objet : </span>
          <span className="font-medium">{invoice.objet}</span>
        </p>
      )}

      <DocumentReferencesBlock invoice={invoice} />

      <div className="mt-6">
        <DocumentLines invoice={invoice} accent={accent} />
      </div>

      <div className="mt-4 flex flex-col-reverse gap-6 sm:flex-row sm:items-center">
        {invoice.payee && <PaidStamp datePaiement={invoice.datePaiement} />}
        {invoice.statutEmetteur === 'annulee' && <CancelledStamp />}
        <DocumentTotals invoice={invoice} accent={accent} />
      </div>

      <DocumentMentions invoice={invoice} />
      {footer}
    </article>
  );
}

/** A quote is valid until a date; a credit note is owed by nobody; an invoice falls due. */
function DueDate({ invoice }: { invoice: InvoiceDocumentData }) {
  if (invoice.type === 'avoir') return null;
  const quote = invoice.type === 'devis';
  const day = quote ? (invoice.dateValidite ?? invoice.dateEcheance) : invoice.dateEcheance;
  return (
    <div>
      <dt className="inline text-slate-600">{quote ? 'Valable jusqu’au : ' : "Date d'échéance : "}</dt>
      <dd className="inline font-medium">{formatDateFr(day)}</dd>
    </div>
  );
}
