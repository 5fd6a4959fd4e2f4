import {
  FRANCHISE_TVA_MENTION,
  formatEuros,
  formatSiretInput,
  isBusinessClient,
  NATURE_OPERATION_LABELS,
} from '@facturo/shared';
import { formatDateFr } from '../dates';
import type { InvoiceDocumentData } from './document-data';
import { PaidStamp } from './paid-stamp';

const quantityFormat = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 });

function cityLine(codePostal: string, ville: string): string {
  return [codePostal, ville].filter(Boolean).join(' ');
}

/**
 * The invoice as it is printed (DESIGN §5 legal mentions): seller "EI" with address and SIRET, buyer,
 * number and dates, lines, totals, due date and payment terms, the VAT franchise mention, late-payment
 * terms for business clients, nature of the operation and the free mention. An A4-like sheet.
 */
export function InvoiceDocument({ invoice }: { invoice: InvoiceDocumentData }) {
  const { emetteur, client, mentionsLegales: mentions } = invoice;
  const business = isBusinessClient(client);
  const sellerCity = cityLine(emetteur.codePostal, emetteur.ville);
  const buyerCity = cityLine(client.adresse.codePostal, client.adresse.ville);

  return (
    <article
      aria-label={`Facture n° ${invoice.numero}`}
      className="mx-auto w-full max-w-[210mm] overflow-hidden rounded-sm bg-white px-5 py-6 text-sm leading-relaxed text-slate-800 shadow-md ring-1 ring-slate-200 sm:px-10 sm:py-10"
    >
      <header className="flex flex-col gap-6 sm:flex-row sm:justify-between">
        <address className="not-italic">
          <p className="text-base font-semibold text-slate-900">
            {emetteur.prenom} {emetteur.nom} EI
          </p>
          {emetteur.adresse && <p>{emetteur.adresse}</p>}
          {sellerCity && <p>{sellerCity}</p>}
          {emetteur.email && <p>{emetteur.email}</p>}
          {emetteur.siret && <p>SIRET : {formatSiretInput(emetteur.siret)}</p>}
          {mentions.tvaIntracommunautaire && (
            <p>N° TVA intracommunautaire : {mentions.tvaIntracommunautaire}</p>
          )}
        </address>
        <div className="sm:text-right">
          <p className="text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">
            Facture n° {invoice.numero}
          </p>
          <dl className="mt-2 space-y-0.5">
            <div>
              <dt className="inline text-slate-600">Date d'émission : </dt>
              <dd className="inline font-medium">{formatDateFr(invoice.dateEmission)}</dd>
            </div>
            <div>
              <dt className="inline text-slate-600">Date d'échéance : </dt>
              <dd className="inline font-medium">{formatDateFr(invoice.dateEcheance)}</dd>
            </div>
          </dl>
        </div>
      </header>

      <section aria-label="Client" className="mt-8 sm:ml-auto sm:w-1/2">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Facturé à</p>
        <address className="mt-1 not-italic">
          <p className="font-semibold text-slate-900">{client.nom}</p>
          {client.adresse.rue && <p>{client.adresse.rue}</p>}
          {buyerCity && <p>{buyerCity}</p>}
          {client.adresse.pays && <p>{client.adresse.pays}</p>}
          {client.email && <p>{client.email}</p>}
          {client.siret && (
            <p>
              {client.siret.length === 9 ? 'SIREN' : 'SIRET'} : {formatSiretInput(client.siret)}
            </p>
          )}
        </address>
      </section>

      {invoice.objet && (
        <p className="mt-6">
          <span className="text-slate-600">Objet : </span>
          <span className="font-medium">{invoice.objet}</span>
        </p>
      )}

      <div className="mt-6">
        {/* Fits a phone without scrolling sideways: smaller type, headers that wrap. */}
        <table className="w-full border-collapse text-left text-xs sm:text-sm">
          <caption className="sr-only">Lignes de la facture</caption>
          <thead>
            <tr className="border-b-2 border-slate-800 text-xs tracking-wide text-slate-700 uppercase">
              <th scope="col" className="py-2 pr-1.5 sm:pr-3 font-semibold">
                Description
              </th>
              <th scope="col" className="px-1.5 py-2 sm:px-3 text-right font-semibold">
                Quantité
              </th>
              <th scope="col" className="px-1.5 py-2 sm:px-3 text-right font-semibold">
                Prix unitaire HT
              </th>
              <th scope="col" className="py-2 pl-1.5 sm:pl-3 text-right font-semibold">
                Total HT
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.lignes.map((line, index) => (
              // Lines have no id of their own and never move: their place is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={index} className="border-b border-slate-200 align-top">
                <td className="py-2 pr-1.5 sm:pr-3 break-words whitespace-pre-line">{line.description}</td>
                <td className="px-1.5 py-2 sm:px-3 text-right tabular-nums">
                  {quantityFormat.format(line.quantite)}
                </td>
                <td className="px-1.5 py-2 sm:px-3 text-right whitespace-nowrap tabular-nums">
                  {formatEuros(line.prixUnitaire)}
                </td>
                <td className="py-2 pl-1.5 sm:pl-3 text-right whitespace-nowrap tabular-nums">
                  {formatEuros(line.montant)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <div className="mt-4 flex flex-col-reverse gap-6 sm:flex-row sm:items-center">
        {invoice.payee && <PaidStamp datePaiement={invoice.datePaiement} />}
        <dl className="w-full sm:ml-auto sm:max-w-xs space-y-1 tabular-nums">
          <div className="flex justify-between gap-4">
            <dt>Total HT</dt>
            <dd>{formatEuros(invoice.montantHT)}</dd>
          </div>
          <div className="flex justify-between gap-4">
            <dt>TVA {invoice.tauxTVA} %</dt>
            <dd>{formatEuros(invoice.montantTVA)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t-2 border-slate-800 pt-1 text-base font-bold text-slate-900">
            <dt>Total TTC</dt>
            <dd>{formatEuros(invoice.montantTTC)}</dd>
          </div>
        </dl>
      </div>

      <footer className="mt-8 space-y-2 border-t border-slate-200 pt-4 text-xs text-slate-700">
        <p className="font-medium text-slate-900">
          Paiement à échéance du {formatDateFr(invoice.dateEcheance)} ({invoice.delaiPaiement} jours).
        </p>
        {mentions.conditionsPaiement && <p>{mentions.conditionsPaiement}</p>}
        <p>{FRANCHISE_TVA_MENTION}</p>
        {business && mentions.escompte && <p>{mentions.escompte}</p>}
        {business && mentions.penalitesRetard && <p>{mentions.penalitesRetard}</p>}
        {business && mentions.indemniteForfaitaire && <p>{mentions.indemniteForfaitaire}</p>}
        <p>Nature de l'opération : {NATURE_OPERATION_LABELS[mentions.natureOperation]}</p>
        {mentions.mentionLibre && <p className="whitespace-pre-line">{mentions.mentionLibre}</p>}
      </footer>
    </article>
  );
}
