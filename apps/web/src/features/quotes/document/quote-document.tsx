import { NATURE_OPERATION_LABELS } from '@facturo/shared';
import { ImageFromBlob } from '../../../components/ui/image-from-blob';
import { formatDateFr } from '../../invoices/dates';
import { accentOf, type InvoiceBranding } from '../../invoices/document/document-data';
import { DocumentLines } from '../../invoices/document/document-lines';
import { BuyerBlock, SellerBlock } from '../../invoices/document/document-parties';
import { DocumentTotals } from '../../invoices/document/document-totals';
import { asSheetData, type QuoteDocumentData } from './quote-document-data';

interface QuoteDocumentProps {
  quote: QuoteDocumentData;
  branding?: InvoiceBranding;
  /** The sheet's accessible name; "Devis n° …" by default. */
  label?: string;
}

/**
 * The quote as it is printed (issue 15): the invoice's sheet (parties, lines, VAT per rate, totals) under
 * the title « Devis », with its validity date, and a « Bon pour accord » box for the client's date and
 * signature; no due date, no bank details (nothing is owed yet).
 */
export function QuoteDocument({ quote, branding, label }: QuoteDocumentProps) {
  const accent = accentOf(branding?.accentColor);
  const sheet = asSheetData(quote);
  const sellerName = `${quote.emetteur.prenom} ${quote.emetteur.nom}`;
  const mentions = quote.mentionsLegales;
  return (
    <article
      aria-label={label ?? `Devis n° ${quote.numero}`}
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
          <SellerBlock invoice={sheet} />
        </div>
        <div className="sm:text-right">
          <p className="text-xl font-bold tracking-tight sm:text-2xl" style={{ color: accent }}>
            Devis n° {quote.numero}
          </p>
          <dl className="mt-2 space-y-0.5">
            <div>
              <dt className="inline text-slate-600">Date d'émission : </dt>
              <dd className="inline font-medium">{formatDateFr(quote.dateEmission)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Valable jusqu'au : </dt>
              <dd className="inline font-medium">{formatDateFr(quote.dateValidite)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Date de livraison / d’exécution prévue : </dt>
              <dd className="inline font-medium">
                {formatDateFr(quote.dateLivraison || quote.dateEmission)}
              </dd>
            </div>
          </dl>
        </div>
      </header>

      <div className="mt-8">
        <BuyerBlock invoice={sheet} />
      </div>
      {quote.objet && (
        <p className="mt-6">
          <span className="text-slate-600">Objet : </span>
          <span className="font-medium">{quote.objet}</span>
        </p>
      )}
      <div className="mt-6">
        <DocumentLines invoice={sheet} accent={accent} />
      </div>
      <div className="mt-4 flex">
        <DocumentTotals invoice={sheet} accent={accent} />
      </div>

      <footer className="mt-8 space-y-2 border-t border-slate-200 pt-4 text-xs text-slate-700">
        <p className="font-medium text-slate-900">
          Devis valable jusqu'au {formatDateFr(quote.dateValidite)}.
        </p>
        {mentions.conditionsPaiement && <p>{mentions.conditionsPaiement}</p>}
        {quote.mentionTVA && <p className="font-medium text-slate-900">{quote.mentionTVA}</p>}
        <p>Nature de l'opération : {NATURE_OPERATION_LABELS[mentions.natureOperation]}</p>
        {mentions.mentionLibre && <p className="whitespace-pre-line">{mentions.mentionLibre}</p>}
      </footer>
      <section
        aria-label="Bon pour accord"
        className="mt-6 ml-auto w-full rounded-md border border-slate-300 p-4 text-xs text-slate-700 sm:max-w-xs"
      >
        <p className="font-semibold text-slate-900">Bon pour accord</p>
        <p className="mt-3">Date :</p>
        <p className="mt-6">Signature :</p>
        <div className="h-10" />
      </section>
    </article>
  );
}
