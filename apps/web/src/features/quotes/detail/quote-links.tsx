import type { Quote } from '@facturo/shared';
import { formatEuros } from '@facturo/shared';
import { TextLink } from '../../../components/ui/text-link';
import { formatDateFr } from '../../invoices/dates';
import { invoiceDetailPath } from '../messages';

/**
 * What came of the quote: its answer (when, where, the comment), the deposit invoices issued on it and
 * the final invoice, each a link. Nothing when there is nothing to say yet.
 */
export function QuoteOutcome({ quote }: { quote: Quote }) {
  const answered =
    quote.reponduLe !== null &&
    (quote.statutEmetteur === 'acceptee' ||
      quote.statutEmetteur === 'refusee' ||
      quote.statutEmetteur === 'facturee');
  if (!answered && quote.acomptes.length === 0 && !quote.factureFinale) return null;
  const accepted = quote.statutEmetteur !== 'refusee';
  return (
    <section
      aria-label="Suite du devis"
      className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm"
    >
      {answered && quote.reponduLe && (
        <p className="text-slate-700">
          {accepted ? 'Accepté' : 'Refusé'} le {formatDateFr(quote.reponduLe)}
          {quote.reponseHorsPlateforme ? ' (réponse reçue hors de Facturo)' : ' sur Facturo'}
          {quote.commentaireReponse && <> : « {quote.commentaireReponse} »</>}
        </p>
      )}
      {quote.acomptes.length > 0 && (
        <div>
          <p className="font-medium text-slate-900">
            Acomptes facturés : {formatEuros(quote.montantAcomptes)}
          </p>
          <ul className="mt-1 space-y-0.5">
            {quote.acomptes.map((deposit) => (
              <li key={deposit._id}>
                <TextLink to={invoiceDetailPath(deposit._id)} className="underline">
                  {deposit.numero}
                </TextLink>{' '}
                du {formatDateFr(deposit.dateEmission)} · {formatEuros(deposit.montantTTC)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {quote.factureFinale && (
        <p className="font-medium text-slate-900">
          Facture finale :{' '}
          <TextLink to={invoiceDetailPath(quote.factureFinale._id)} className="underline">
            {quote.factureFinale.numero}
          </TextLink>
        </p>
      )}
    </section>
  );
}
