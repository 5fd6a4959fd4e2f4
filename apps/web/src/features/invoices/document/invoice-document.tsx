import { ImageFromBlob } from '../../../components/ui/image-from-blob';
import { formatDateFr } from '../dates';
import { accentOf, type InvoiceBranding, type InvoiceDocumentData } from './document-data';
import { DocumentLines } from './document-lines';
import { DocumentMentions } from './document-mentions';
import { BuyerBlock, SellerBlock } from './document-parties';
import { DocumentTotals } from './document-totals';
import { CancelledStamp, PaidStamp } from './paid-stamp';

interface InvoiceDocumentProps {
  invoice: InvoiceDocumentData;
  /** The issuer's logo and colour; the default look without. */
  branding?: InvoiceBranding;
  /** The sheet's accessible name; "Facture n° …" by default. */
  label?: string;
}

/**
 * The invoice as it is printed (DESIGN §5 and issue 12 legal mentions): seller "EI" with address, SIRET,
 * RCS/RM and VAT number, buyer (and delivery address), number and dates (delivery included), lines with
 * units and rates, the VAT per rate, the VAT mention, business mentions, bank details. An A4-like sheet
 * in the issuer's colour, with their logo.
 */
export function InvoiceDocument({ invoice, branding, label }: InvoiceDocumentProps) {
  const accent = accentOf(branding?.accentColor);
  const sellerName = `${invoice.emetteur.prenom} ${invoice.emetteur.nom}`;
  return (
    <article
      aria-label={label ?? `Facture n° ${invoice.numero}`}
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
            Facture n° {invoice.numero}
          </p>
          <dl className="mt-2 space-y-0.5">
            <div>
              <dt className="inline text-slate-600">Date d'émission : </dt>
              <dd className="inline font-medium">{formatDateFr(invoice.dateEmission)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Date de livraison / d’exécution : </dt>
              <dd className="inline font-medium">
                {formatDateFr(invoice.dateLivraison || invoice.dateEmission)}
              </dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Date d'échéance : </dt>
              <dd className="inline font-medium">{formatDateFr(invoice.dateEcheance)}</dd>
            </div>
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

      <div className="mt-6">
        <DocumentLines invoice={invoice} accent={accent} />
      </div>

      <div className="mt-4 flex flex-col-reverse gap-6 sm:flex-row sm:items-center">
        {invoice.payee && <PaidStamp datePaiement={invoice.datePaiement} />}
        {invoice.statutEmetteur === 'annulee' && <CancelledStamp />}
        <DocumentTotals invoice={invoice} accent={accent} />
      </div>

      <DocumentMentions invoice={invoice} />
    </article>
  );
}
